/**
 * The multipart reader with hostile field names and control characters, and the download name for a
 * type (unit level; the integration tests post the same to the real pages).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { receiveMultipart } from '#lib/server/platform/files/uploads.ts';
import { firstValues, issuesToErrors, rowValues, withBlanks } from '#lib/server/platform/forms/upload-forms.ts';
import { hasControlCharacters } from '#lib/server/platform/forms/control-characters.ts';
import { filenameForType } from '#lib/server/platform/http/http.ts';

const filesDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-names-'));
const NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__lookupGetter__',
];

async function pdf(): Promise<File> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return new File([new Uint8Array(await doc.save())], 'report.pdf', { type: 'application/pdf' });
}

function request(parts: Array<[string, string | File]>): Request {
  const form = new FormData();
  for (const [k, v] of parts) form.append(k, v);
  return new Request('http://portal.test/upload', { method: 'POST', body: form });
}

describe('field names are just names', () => {
  it.each(NAMES)('%s: kept as a text field (twice) and as a file field, nothing thrown', async (name) => {
    const form = await receiveMultipart(
      request([
        [name, 'one'],
        [name, 'two'],
        ['title', 'T'],
        [name, await pdf()],
      ]),
      { accept: ['pdf'], filesDir: filesDir() },
    );
    expect(form.errors._form).toBeUndefined();
    expect(Object.keys(form.errors)).toEqual([]);
    expect(form.fields[name]).toEqual(['one', 'two']);
    expect(form.field(name)).toBe('one');
    expect(form.field('title')).toBe('T');
    expect(form.files.map((f) => f.field)).toEqual([name]);
    // Names never posted are empty, whatever Object.prototype has.
    for (const other of NAMES.filter((n) => n !== name)) expect(form.field(other)).toBe('');
    const values = firstValues(form);
    expect(Object.hasOwn(values, name) && values[name]).toBe('one');
    expect(withBlanks({ title: null, date: null }, values)).toMatchObject({ title: 'T', date: '' });
    expect(rowValues({ [`row.0.${name}`]: ' v ' }, 'row', 0)[name]).toBe('v');
  });

  it('a rejected file under such a name gets its message under that name', async () => {
    const form = await receiveMultipart(
      request([['constructor', new File([new TextEncoder().encode('not a pdf at all')], 'x.pdf')]]),
      { accept: ['pdf'], filesDir: filesDir() },
    );
    expect(form.errors.constructor).toMatch(/is not a PDF/);
    expect(form.files).toEqual([]);
  });

  it('a throw inside a parser event refuses this request only: no uncaught exception, no file kept', async () => {
    // Made to throw from inside the 'field' event (the reader asks Object.hasOwn about each posted name).
    const real = Object.hasOwn;
    const spy = vi.spyOn(Object, 'hasOwn').mockImplementation((o, k) => {
      if (k === 'explode') throw new TypeError('boom inside a busboy event');
      return real(o, k);
    });
    const dir = filesDir();
    try {
      const form = await receiveMultipart(
        request([
          ['file', await pdf()],
          ['explode', 'x'],
          ['title', 'after'],
        ]),
        { accept: ['pdf'], filesDir: dir },
      );
      expect(form.errors._form).toBe('The upload was interrupted or malformed. Try again.');
      expect(form.files).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
  });

  it('issuesToErrors keeps the first message of each path, whatever its name', () => {
    const errors = issuesToErrors({
      issues: [
        { path: ['toString'], message: 'first' },
        { path: ['toString'], message: 'second' },
        { path: [], message: 'form' },
      ],
    } as never);
    expect({ ...errors }).toEqual({ toString: 'first', _form: 'form' });
  });
});

describe('control characters in text', () => {
  it('are found; tab, CR and LF are text', () => {
    for (const bad of ['\u0000', 'a\u0007', '\u000b', '\u000c', '\u001b[0m', '\u007f', '\u0085', '\u009f'])
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'plain', 'tab\there', 'lines\r\nand\nmore', 'café 日本語 🏗️', '\u00a0non-breaking'])
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
  });

  it('refuse the whole multipart form, with the message beside the field; the file is not kept', async () => {
    const dir = filesDir();
    const form = await receiveMultipart(
      request([
        ['title', 'Report\u0000'],
        ['notes', 'fine\tline\r\n'],
        ['file', await pdf()],
      ]),
      { accept: ['pdf'], filesDir: dir },
    );
    expect(form.errors.title).toMatch(/invisible control character/);
    expect(form.errors.notes).toBeUndefined();
    expect(form.errors._form).toMatch(/invisible control character/);
    expect(form.files).toEqual([]);
    const left = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(left).toEqual([]);
  });
});

describe('the download name follows the type found in the bytes', () => {
  it.each([
    ['png-as.pdf', 'image/png', 'png-as.png'],
    ['photo.PDF', 'image/jpeg', 'photo.jpg'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['photo.JPG', 'image/jpeg', 'photo.JPG'],
    ['plans.pdf', 'application/pdf', 'plans.pdf'],
    ['scan', 'application/pdf', 'scan.pdf'],
    ['report.pdf.exe', 'application/pdf', 'report.pdf.pdf'],
    ['.pdf', 'image/png', 'download.png'],
    ['Site plan rev 2.1', 'image/png', 'Site plan rev 2.1.png'],
    ['notice.ics', 'text/calendar', 'notice.ics'],
  ])('%s as %s → %s', (name, mime, expected) => {
    expect(filenameForType(name, mime)).toBe(expected);
  });
});
