/**
 * A form that carries files is taken one way (decision 0101): its page calls an upload defined with
 * `defineUpload` beside its domain, and only renders. The multipart reader is called from the one helper and from
 * the resident's report form, whose limit runs before the body is read; no page reads a multipart body itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function files(dir: string, ending: string): string[] {
  return (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith(ending))
    .map((f) => path.join(dir, f));
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('one upload path', () => {
  it('reads a multipart body only in defineUpload and in the report form’s receiver', () => {
    const callers = [...files('src', '.ts'), ...files('src', '.astro')]
      .filter((f) => /\breceiveMultipart\(/.test(read(f)))
      .filter((f) => !f.endsWith('platform/files/uploads.ts'))
      .sort();
    expect(callers).toEqual([
      'src/lib/server/platform/forms/define-upload.ts',
      'src/lib/server/site-reports/photos.ts',
    ]);
  });

  const pages = files('src/pages', '.astro').filter((f) => read(f).includes('multipart/form-data'));

  it('finds the pages with a file form', () => expect(pages.length).toBeGreaterThanOrEqual(12));

  it.each(pages)('%s takes its files through a defined upload (or an Action for a small text file)', (page) => {
    const src = read(page);
    expect(src).not.toMatch(/request\.formData\(\)|receiveMultipart|discardUnreferenced/);
    expect(src).toMatch(/\w+Upload\.receive\(|receiveReport\(|action=\{actions\./);
  });
});
