/** Records-request mail about paper copies (decision 0030): the copies were mailed on a date. */
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface CopiesMailedData {
  number: string;
  name: string;
  trackUrl: string;
  mailedText: string;
}

export function requestCopiesMailed(d: CopiesMailedData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: copies mailed on ${d.mailedText}`,
    paragraphs: [
      `Hello ${d.name},`,
      `The paper copies for your records request ${d.number} were mailed to you on ${d.mailedText}. The request is fulfilled.`,
      'Electronic copies of the same records are on your tracking page.',
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: [
      `You get this message because you made a records request to the ${T().fullName}. Keep the link private: anyone with it can see your request.`,
    ],
  });
}

export const DELIVERY_TEMPLATES = {
  'request-copies-mailed': requestCopiesMailed,
} as const;
