/** Alert mail: confirm a subscription, one new item, a digest. Each says why it came and how to stop it. */
import { endSentence } from '#lib/shared/format.ts';
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface AlertEventData {
  title: string;
  summary: string;
  url: string;
}

const stopLine = (url: string) => `To stop these emails, unsubscribe with one click: ${url}`;

/**
 * `sends`: what this subscription is sent, in words (a project's subscription is never sent new projects).
 * Absent only in a confirmation queued before it was given.
 */
export function alertConfirm(d: {
  what: string;
  sends?: string;
  frequency: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  return renderParts({
    subject: `Confirm your ${T().profile.name} stormwater alerts`,
    paragraphs: [
      `Someone (we hope you) asked for email alerts about ${d.what}${d.sends ? `: ${d.sends}` : ''}, ${d.frequency}.`,
      'Nothing will be sent until you confirm. The link works for 7 days.',
    ],
    action: { label: 'Confirm my alerts', url: d.confirmUrl },
    footer: [
      'If you did not ask for this, ignore this message and you will hear nothing more.',
      stopLine(d.unsubscribeUrl),
    ],
  });
}

export function alertEvent(d: { what: string; event: AlertEventData; unsubscribeUrl: string }): RenderedMail {
  return renderParts({
    subject: d.event.title,
    paragraphs: [d.event.title, d.event.summary],
    action: { label: 'Read it on the portal', url: d.event.url },
    footer: [endSentence(`You get this because you subscribed to alerts about ${d.what}`), stopLine(d.unsubscribeUrl)],
  });
}

export function alertDigest(d: {
  what: string;
  period: 'new' | 'daily' | 'weekly';
  events: AlertEventData[];
  more: number;
  unsubscribeUrl: string;
}): RenderedMail {
  const n = d.events.length + d.more;
  const when =
    d.period === 'daily' ? 'since yesterday’s email' : d.period === 'weekly' ? 'since last week’s email' : 'just now';
  return renderParts({
    subject: `${n} ${n === 1 ? 'update' : 'updates'} about ${d.what}`,
    paragraphs: [
      `${n} ${n === 1 ? 'thing was' : 'things were'} posted ${when} about ${d.what}:`,
      ...d.events.map((e) => `${e.title}\n${e.summary}\n${e.url}`),
      ...(d.more > 0 ? [`…and ${d.more} more on the portal.`] : []),
    ],
    footer: [endSentence(`You get this because you subscribed to alerts about ${d.what}`), stopLine(d.unsubscribeUrl)],
  });
}
