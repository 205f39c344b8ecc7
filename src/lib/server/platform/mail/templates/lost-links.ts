/** "Lost your link?": one mail listing an address's records requests with their current tracking links (records-requests/lost-link.ts). */
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface LostLinksData {
  requests: Array<{ number: string; to: string; receivedText: string; statusText: string; url: string }>;
}

export function lostLinks(d: LostLinksData): RenderedMail {
  const n = d.requests.length;
  return renderParts({
    subject:
      n === 1
        ? `Your records request ${d.requests[0].number}: the tracking link`
        : `Your ${n} records requests: the tracking links`,
    paragraphs: [
      'Hello,',
      `Someone asked the ${T().fullName}’s stormwater portal to send the tracking links of the records requests made with this email address. ${n === 1 ? 'Here is the request' : `Here are the ${n} requests`}, newest first:`,
      d.requests
        .map((r) => `${r.number} to ${r.to}, received ${r.receivedText} (${r.statusText}):\n${r.url}`)
        .join('\n\n'),
      `These are the same links the ${T().kindWord} sent you before: links you kept still work. If someone else may have one of them, ask the ${T().clerk} for a new link; that ends the old one.`,
      'If you did not ask for this message, you can ignore it: it went only to this address.',
    ],
    footer: [
      `You get this message because records requests were made with this email address through the ${T().fullName}’s stormwater portal. Keep the links private: anyone with one can see that request.`,
    ],
  });
}
