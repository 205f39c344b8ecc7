import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSmallForm, mayBeStatic, staticPathsUnder } from '#lib/server/platform/http/cached-pages-first.ts';

// A built client folder as `astro build` leaves it: hashed assets in a folder, a few files at the top.
const client = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-client-'));
fs.mkdirSync(path.join(client, '_astro'));
fs.writeFileSync(path.join(client, '_astro', 'Base.abc123.css'), 'body{}');
fs.writeFileSync(path.join(client, 'favicon.ico'), '');
afterAll(() => fs.rmSync(client, { recursive: true, force: true }));

describe('which requests skip the static-file lookup and go straight to Astro', () => {
  const paths = staticPathsUnder(client);

  it('lists every file and folder of the built client as URL paths', () => {
    expect([...paths].sort()).toEqual(['/_astro', '/_astro/Base.abc123.css', '/favicon.ico']);
  });

  it('sends files and folders of the client, written any way its file server reads them, to the standalone handler', () => {
    for (const url of [
      '/favicon.ico',
      '/favicon.ico?v=2',
      '/favicon.ico#top',
      '/_astro/Base.abc123.css',
      '/_astro',
      '/_astro/',
      '/x/../favicon.ico',
      '/%5fastro/Base.abc123.css',
      '/_astro%2FBase.abc123.css',
    ]) {
      expect(mayBeStatic(url, paths), url).toBe(true);
    }
  });

  it('sends a URL that does not decode, in its path or its query, to the standalone handler, which answers 400', () => {
    expect(mayBeStatic('/%E0%A4%A', paths)).toBe(true);
    expect(mayBeStatic('/projects?q=%E0%A4%A', paths)).toBe(true);
    expect(mayBeStatic('/projects?q=%41', paths)).toBe(false);
  });

  it('sends pages, the home page and unknown paths straight to Astro', () => {
    for (const url of [
      '/',
      '/projects',
      '/projects/curry-road?x=1',
      '/projects/',
      '/favicon.ico/',
      '/_astro/missing.js',
      '/api/projects.csv',
    ]) {
      expect(mayBeStatic(url, paths), url).toBe(url === '/favicon.ico/');
    }
  });
});

describe('which posts go straight to Astro, skipping the file lookup that made a submission wait its turn twice', () => {
  const post = (headers: Record<string, string>) => isSmallForm({ headers });

  it('sends a form of declared length without files straight to Astro', () => {
    expect(post({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': '412' })).toBe(true);
    expect(post({ 'content-type': 'application/json', 'content-length': '65536' })).toBe(true);
    expect(post({ 'content-length': '0' })).toBe(true);
  });

  it("keeps uploads, large or unmeasured bodies on the adapter's path", () => {
    expect(post({ 'content-type': 'multipart/form-data; boundary=x', 'content-length': '300' })).toBe(false);
    expect(post({ 'content-type': 'Multipart/Form-Data; boundary=x', 'content-length': '300' })).toBe(false);
    expect(post({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': '65537' })).toBe(false);
    expect(post({ 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' })).toBe(false);
    expect(post({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': '1e3' })).toBe(false);
    expect(post({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': '-1' })).toBe(false);
  });
});
