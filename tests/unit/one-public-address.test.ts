/**
 * The portal's public address (links in mail, feeds, the sitemap, open data, JSON-LD, Open311, PDFs and
 * jobs) has one definition: platform/town-profile.ts `townPublicUrl(db)`, the town profile's address
 * (staff settings, "Public address of the portal") else the configured PUBLIC_URL. Reading
 * `config().publicUrl` anywhere else gives a town that set its address in the profile the environment's
 * address instead, so only townPublicUrl itself may read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The one file allowed to read the configured address: townPublicUrl's own. */
const DEFINITION = 'src/lib/server/platform/town-profile.ts';
/** `config().publicUrl`, also split across lines. */
const CONFIGURED_ADDRESS = /\bconfig\(\)\s*\??\.\s*publicUrl\b/g;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|astro)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe("the portal's public address", () => {
  it('has one definition: townPublicUrl (no file under src/ but its own reads config().publicUrl)', () => {
    const files = sourceFiles(path.join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(0);
    // The one file let through is the definition: townPublicUrl, falling back to PUBLIC_URL.
    expect(fs.readFileSync(path.join(ROOT, DEFINITION), 'utf8')).toMatch(
      /export function townPublicUrl\b[^]*?config\(\)\.publicUrl/,
    );
    const found = files
      .filter((file) => path.relative(ROOT, file).split(path.sep).join('/') !== DEFINITION)
      .flatMap((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return [...text.matchAll(CONFIGURED_ADDRESS)].map((m) => {
          const line = lineOf(text, m.index);
          return `${path.relative(ROOT, file)}:${line}: ${text.split('\n')[line - 1].trim().slice(0, 120)}`;
        });
      });
    expect(found, 'use townPublicUrl(db) from #lib/server/platform/town-profile.ts').toEqual([]);
  });
});
