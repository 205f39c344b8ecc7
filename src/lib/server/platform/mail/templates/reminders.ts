/** An operator's daily digest of duties due soon at their own sites (decision 0106). */
import { plural } from '#lib/shared/format.ts';
import { renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface RemindersDigestData {
  name: string;
  /** The town day it was written, in words. */
  dateText: string;
  /** Soonest first; each with the page where it is done. */
  items: Array<{ project: string; text: string; label: string; url: string }>;
  /** Where the person chooses which reminders and how early. */
  settingsUrl: string;
}

export function remindersDigest(d: RemindersDigestData): RenderedMail {
  const first = d.items[0];
  return renderParts({
    subject:
      d.items.length === 1
        ? `Due soon at ${first.project}: ${first.text.replace(/\.$/, '')}`
        : `${plural(d.items.length, 'duty', 'duties')} due soon`,
    paragraphs: [
      `Hello ${d.name},`,
      `As of ${d.dateText}, this is coming due, so it can be done before the date:`,
      d.items.map((i) => `- ${i.project}: ${i.text}\n  ${i.label}: ${i.url}`).join('\n'),
      'Nothing here is late yet. Once a duty is done you will not be reminded of it again.',
    ],
    action: { label: first.label, url: first.url },
    footer: [
      `You get this because you file for these sites. Choose which reminders you get, and how early: ${d.settingsUrl}`,
    ],
  });
}
