/**
 * Mail speaks of the municipality the profile names (a Village's clerk is the Village Clerk): the
 * templates take "Town", "Town Clerk" and "Town’s" from the town's words (mailTown()), never as literal
 * text. Rendered with a village's profile, the records-request messages say Village; and no template's
 * own text (comments aside) writes "Town" as a word.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMail } from '#lib/server/platform/mail/templates/index.ts';
import { PLACEHOLDER_TOWN_PROFILE, townWords } from '#lib/shared/town-profile.ts';

const village = townWords({ ...PLACEHOLDER_TOWN_PROFILE, name: 'Scotia', kind: 'village' });
const TEMPLATES_DIR = path.resolve(import.meta.dirname, '../../src/lib/server/platform/mail/templates');

describe('mail in the municipality’s words', () => {
  it('a village’s requester hears from the Village Clerk, and the Village has closed a duplicate', () => {
    const question = renderMail(
      'request-message-to-requester',
      {
        number: 'R-2026-0007',
        name: 'Ana',
        trackUrl: 'https://x.example/r/1',
        body: 'Which month?',
        clarify: true,
        datesText: null,
      },
      village,
    );
    expect(question.subject).toBe('Records request R-2026-0007: the Village Clerk has a question for you');
    expect(question.text).toContain('The Village Clerk needs your answer');
    const duplicate = renderMail(
      'request-closed-duplicate',
      {
        number: 'R-2026-0008',
        name: 'Ana',
        trackUrl: 'https://x.example/r/2',
        otherNumber: 'R-2026-0007',
        note: 'Same site.',
        sameRequester: true,
      },
      village,
    );
    expect(duplicate.text).toContain('so the Village has closed it as a duplicate');
    expect(duplicate.text).toContain("The Village Clerk's note: Same site.");
    const links = renderMail(
      'request-lost-links',
      {
        requests: [
          {
            number: 'R-2026-0007',
            to: 'the Village',
            receivedText: 'December 1, 2026',
            statusText: 'Received',
            url: 'https://x.example/r/1',
          },
        ],
      },
      village,
    );
    expect(links.text).toContain('ask the Village Clerk for a new link');
    for (const mail of [question, duplicate, links])
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/\bTown\b/);
  });

  it('no template writes "Town" as literal text (outside comments)', () => {
    const found = fs
      .readdirSync(TEMPLATES_DIR)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(TEMPLATES_DIR, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${f}:${i + 1}`, line: line.trim() }))
          .filter(({ line }) => !/^(\*|\/\/|\/\*)/.test(line) && /\bTown\b/.test(line.replace(/\/\/.*$/, ''))),
      )
      .map(({ where, line }) => `${where}: ${line.slice(0, 100)}`);
    expect(found, 'say it with mailTown(): .kindWord, .clerk, .hall, .fullName').toEqual([]);
  });
});
