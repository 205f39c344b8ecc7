/**
 * Decision 0038: any New York town, village or city can run the portal, so no municipality's
 * name is written into `src/`. The town's name, offices and officials are data (the town profile,
 * platform/town-profile.ts `town(db)`). Nor into `content/`: the help pages take the municipality's words from
 * placeholders and the law is entered by the admin (decision 0077). Allowed elsewhere: the demo data and the
 * demo town's law (db/seed/), the tests, README and docs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The demo municipalities' names: none may appear in src/. */
const NAMES = /rotterdam|pinebrook/i;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('no municipality name in src/ or content/', () => {
  it('no file under src/ or content/ names a demo municipality', () => {
    const found = [...filesUnder(path.join(ROOT, 'src')), ...filesUnder(path.join(ROOT, 'content'))].flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          NAMES.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 120)}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
