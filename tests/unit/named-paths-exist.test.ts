/**
 * A file named in the docs or in a comment exists: a guide or a comment that sends the reader to a file that
 * was moved or never kept costs them a search, and tells them the text beside it may be as old. Read here:
 * - the guides (docs/*.md) and README.md: every path in them that starts at a folder of the repository (`src/…`,
 *   `db/…`) or at a folder under src/lib/server (`platform/…`, `records-requests/…`), backticked or not, names a
 *   tracked file or folder (a name without its extension or its `.rules` is enough, as the guides write them);
 * - every Markdown link between the docs (decision records included) lands on a tracked file;
 * - every tracked file of src/, db/, scripts/ and tests/: a path written from the repository's root (`src/…`,
 *   `db/…`, `scripts/…`, `tests/…`, `docs/…`) names a tracked file or folder.
 * Decision records may name the files of their day in their text: they are history, read as of their date.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((f) => f !== '' && fs.existsSync(path.join(ROOT, f)));
/** Every tracked file and every folder that holds one. */
const places = new Set(tracked.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
/** Every place and every tail of one (`records-requests/queue.ts` of `src/lib/server/records-requests/queue.ts`). */
const tails = new Set([...places].flatMap((p) => p.split('/').map((_, i, parts) => parts.slice(i).join('/'))));

/** The folders a path in the docs may start from: the repository's own, and those under src/lib/server. */
const REPO_ROOTS = ['src', 'db', 'scripts', 'tests', 'docs', 'content', '.ci'];
const SERVER_ROOTS = fs
  .readdirSync(path.join(ROOT, 'src/lib/server'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const DOC_ROOTS = new Set([...REPO_ROOTS, ...SERVER_ROOTS, 'lib', 'shared', 'components', 'layouts', 'actions']);
const SUFFIXES = ['', '.ts', '.astro', '.rules.ts', '.md', '.json'];

/** A path-looking word: at least one slash, not a URL or an absolute path, no placeholders. */
const PATH_WORD = /(?<![\w/.@#:~[\\-])((?:\.\.?\/)*(?:[\w.[\]-]+\/)+[\w.[\]-]*[\w\]])/g;

function exists(word: string): boolean {
  const p = word.replace(/^(\.\.?\/)+/, '').replace(/\/$/, '');
  return SUFFIXES.some((s) => tails.has(p + s));
}

function pathsIn(line: string, roots: Set<string>): string[] {
  return [...line.matchAll(PATH_WORD)]
    .map((m) => m[1])
    .filter((w) => !/[{}<>*…]/.test(w) && roots.has(w.replace(/^(\.\.?\/)+/, '').split('/')[0]));
}

function missing(files: string[], roots: Set<string>): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => pathsIn(line, roots).flatMap((w) => (exists(w) ? [] : [`${file}:${i + 1}: ${w}`]))),
  );
}

describe('a file named in the docs or in a comment exists', () => {
  it('every path in the guides and the README names a tracked file or folder', () => {
    const guides = tracked.filter((f) => /^docs\/[^/]+\.md$/.test(f) || f === 'README.md');
    expect(guides.length).toBeGreaterThan(5);
    expect(missing(guides, DOC_ROOTS)).toEqual([]);
  });

  it('every Markdown link between the docs lands on a tracked file', () => {
    const docs = tracked.filter((f) => f.endsWith('.md') && (f.startsWith('docs/') || f === 'README.md'));
    const broken = docs.flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          [...line.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
            .map((m) => m[1])
            .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('/'))
            .filter((target) => !places.has(path.posix.normalize(path.posix.join(path.posix.dirname(file), target))))
            .map((target) => `${file}:${i + 1}: ${target}`),
        ),
    );
    expect(broken).toEqual([]);
  });

  it('every path written from the repository root in src/, db/, scripts/ and tests/ names a tracked file or folder', () => {
    const code = tracked.filter(
      (f) =>
        /^(src|db|scripts|tests)\//.test(f) &&
        /\.(ts|astro|mjs|cjs|js|css)$/.test(f) &&
        !f.startsWith('db/migrations/'),
    );
    expect(code.length).toBeGreaterThan(500);
    expect(missing(code, new Set(['src', 'db', 'scripts', 'tests', 'docs']))).toEqual([]);
  });
});
