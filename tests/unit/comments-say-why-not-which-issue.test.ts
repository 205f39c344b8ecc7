/**
 * Code and tests say why, never which issue asked for them: the issue tracker is not in the repository, so
 * "see issue N" sends a reader nowhere. A comment gives the reason in a few words or names the decision record
 * (docs/decisions/) that holds it; a test is named after the rule it proves. This reads every tracked file of
 * src/, scripts/, db/, tests/ and content/, and the configuration files at the root, and lists each line that
 * cites an issue by number. (Decision records may tell their history in their context sections: docs/ is not read.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** "Issue N", "issue N's", "issues N and M", "Issue #N" with N a number: a citation of an issue. */
const ISSUE_REFERENCE = /\bissues?\s*#?\d+/i;
const TEXT = /\.(ts|js|mjs|cjs|astro|css|md|sql|json|html|txt|sh)$/;
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', 'src', 'scripts', 'db', 'tests', 'content', '.'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0'))].filter(
    (f) =>
      f !== '' &&
      (/^(src|scripts|db|tests|content)\//.test(f) || !f.includes('/')) &&
      TEXT.test(f) &&
      !f.endsWith('package-lock.json') &&
      !f.startsWith('db/migrations/meta/'),
  );
}

describe('comments say why, not which issue', () => {
  it('no tracked file of src/, scripts/, db/, tests/, content/ or the root configuration cites an issue number', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => {
      const full = path.join(ROOT, file);
      if (!fs.existsSync(full)) return [];
      return fs
        .readFileSync(full, 'utf8')
        .split('\n')
        .flatMap((line, i) => (ISSUE_REFERENCE.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : []));
    });
    expect(found).toEqual([]);
  });
});
