/**
 * The shared frame of every message: plain text and HTML from the same parts, signed with the town
 * profile's signature. The outbox renders every message inside `withMailTown(town, …)`, so templates keep
 * taking plain data and read the town's words with `mailTown()` (decision 0038).
 */
import { PLACEHOLDER_TOWN_PROFILE, townWords, type TownWords } from '#lib/shared/town-profile.ts';
import { html, toString, type RawHtml } from './html.ts';

let current: TownWords = townWords(PLACEHOLDER_TOWN_PROFILE);

/** Render synchronously with this town's words (the outbox passes the stored profile). */
export function withMailTown<T>(town: TownWords, render: () => T): T {
  const before = current;
  current = town;
  try {
    return render();
  } finally {
    current = before;
  }
}

/** The town whose message is being rendered. */
export function mailTown(): TownWords {
  return current;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailParts {
  subject: string;
  /** Paragraphs of plain text; the HTML body uses the same words. */
  paragraphs: string[];
  /** A main link, shown as a button in HTML and as a bare URL in text. */
  action?: { label: string; url: string };
  /** Small print after the signature (why you got this, how to stop it). */
  footer?: string[];
}

export function renderParts(parts: MailParts): RenderedMail {
  const SIGNATURE = current.signature;
  const text = [
    ...parts.paragraphs,
    ...(parts.action ? [`${parts.action.label}:\n${parts.action.url}`] : []),
    `--\n${SIGNATURE}`,
    ...(parts.footer ?? []),
  ].join('\n\n');
  const body: RawHtml = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${parts.subject}</title>
      </head>
      <body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1b1f23; max-width: 40rem;">
        ${parts.paragraphs.map((p) => (p.includes('\n') ? html`<p style="white-space:pre-line">${p}</p> ` : html`<p>${p}</p> `))}
        ${
          parts.action
            ? html`<p>
                  <a
                    href="${parts.action.url}"
                    style="display:inline-block;background:#0b4f71;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold"
                    >${parts.action.label}</a
                  >
                </p>
                <p style="font-size:0.9em;color:#4a5560">
                  Or paste this address into your browser: ${parts.action.url}
                </p>`
            : ''
        }
        <p style="color:#4a5560">${SIGNATURE}</p>
        ${(parts.footer ?? []).map((f) => html`<p style="font-size:0.85em;color:#4a5560">${f}</p> `)}
      </body>
    </html>`;
  return { subject: parts.subject, text, html: toString(body) };
}
