/**
 * One result type: every service, rule and form parser answers with platform/result.ts's Result, and one
 * adapter (failure() in platform/forms/fields.ts) turns a refusal into what an Astro form shows. The
 * helpers are proved here, and a scan of the source fails when a file grows its own adapter or its own
 * result shape again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fail,
  failAt,
  failFields,
  fieldsOf,
  messageOf,
  ok,
  renameFields,
  type Result,
} from '#lib/server/platform/result.ts';

describe('the result helpers', () => {
  it('ok carries what the caller needs', () => {
    expect(ok()).toEqual({ ok: true });
    const r: Result<{ id: number }> = ok({ id: 7 });
    expect(r).toEqual({ ok: true, id: 7 });
  });

  it('fail puts a sentence beside its field, or on the whole form', () => {
    expect(fail('Enter the date.', 'date')).toEqual({ ok: false, fields: { date: 'Enter the date.' } });
    expect(fail('No such request.')).toEqual({ ok: false, message: 'No such request.' });
    expect(fail('No such request.', undefined)).toEqual({ ok: false, message: 'No such request.' });
    expect(failAt('Not an address.', 'email')).toEqual({
      ok: false,
      message: 'Not an address.',
      fields: { email: 'Not an address.' },
    });
  });

  it('failFields takes a rule check’s problems, its "form" problem being the message', () => {
    expect(failFields({ name: 'Give a name.', body: 'Write the reply.' })).toEqual({
      ok: false,
      fields: { name: 'Give a name.', body: 'Write the reply.' },
    });
    expect(failFields({ form: 'Reload the page.' })).toEqual({ ok: false, message: 'Reload the page.' });
    expect(failFields({ form: 'Not ready.', how: 'Choose how.' })).toEqual({
      ok: false,
      message: 'Not ready.',
      fields: { how: 'Choose how.' },
    });
    expect(failFields({})).toEqual({ ok: false });
  });

  it('reads a failure’s fields and its one sentence', () => {
    expect(fieldsOf(fail('No such request.'))).toEqual({});
    expect(fieldsOf(fail('Enter the date.', 'date'))).toEqual({ date: 'Enter the date.' });
    expect(messageOf(fail('No such request.'))).toBe('No such request.');
    expect(messageOf(fail('Enter the date.', 'date'))).toBe('Enter the date.');
    expect(messageOf({ ok: false })).toBe('That could not be saved.');
  });

  it('renames fields to the names a form gives them', () => {
    expect(renameFields(fail('At least one day.', 'days'), { days: 'fineDays' })).toEqual({
      ok: false,
      fields: { fineDays: 'At least one day.' },
    });
    expect(renameFields(fail('No such action.'), { days: 'fineDays' })).toEqual({
      ok: false,
      message: 'No such action.',
    });
  });
});

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADAPTER = 'src/lib/server/platform/forms/fields.ts';
const RESULT = 'src/lib/server/platform/result.ts';

function sourceFiles(): string[] {
  return (fs.readdirSync(path.join(ROOT, 'src'), { recursive: true }) as string[])
    .filter((f) => /\.(ts|astro)$/.test(f))
    .map((f) => path.join('src', f));
}

const FILES = sourceFiles().map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));

describe('one adapter from a result to a form’s errors', () => {
  it('finds the source', () => expect(FILES.length).toBeGreaterThan(300));

  it('no file but the adapter’s defines an orThrow- or orFields-like helper', () => {
    const copies = FILES.filter(
      ({ file, text }) =>
        file !== ADAPTER && /(function|const|let)\s+(orThrow|orFields|orFail|unwrap|toActionError)\b/.test(text),
    ).map(({ file }) => file);
    expect(copies).toEqual([]);
  });

  it('no file turns a result’s fields into FieldErrors itself', () => {
    const copies = FILES.filter(
      ({ file, text }) =>
        file !== ADAPTER && /new FieldErrors\(\s*(\w+\.fields|\{\s*\[\w+\.field\]|rest\b|fields\b)/.test(text),
    ).map(({ file }) => file);
    expect(copies).toEqual([]);
  });
});

describe('one result type', () => {
  it('no file declares its own failure shape', () => {
    // A refusal typed in place ({ ok: false; … }) instead of Result/Failure from platform/result.ts.
    const shapes = FILES.filter(({ file, text }) => file !== RESULT && /\{\s*ok:\s*false;/.test(text)).map(
      ({ file }) => file,
    );
    expect(shapes).toEqual([]);
  });

  it('no file names a second Outcome type for results', () => {
    const shapes = FILES.filter(({ text }) => /export type Outcome\b|type Fail\b/.test(text)).map(({ file }) => file);
    expect(shapes).toEqual([]);
  });
});
