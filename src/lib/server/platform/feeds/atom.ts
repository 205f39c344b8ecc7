/** Atom 1.0 feeds (RFC 4287). Every text is escaped; content is plain text, never HTML from users. */
import { escapeHtml } from '#lib/server/platform/mail/html.ts';

/**
 * Characters XML 1.0 does not allow at all (most control characters, lone surrogates, U+FFFE/U+FFFF):
 * escaping cannot save them, and one pasted into a summary would make the whole feed unreadable.
 */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(value: unknown): string {
  return escapeHtml(value).replace(NOT_XML, '');
}
const esc = xmlText;

export interface AtomEntry {
  /** Stable, unique URI (tag: or the entry's page URL plus a fragment). */
  id: string;
  title: string;
  updated: Date;
  link: string;
  summary: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  /** The feed's own URL. */
  self: string;
  /** The HTML page the feed mirrors. */
  alternate: string;
  updated: Date;
  entries: AtomEntry[];
  /** The feed's author: the town and its department (the town profile's signature). */
  author?: string;
}

export function renderAtom(feed: AtomFeed): string {
  const entries = feed.entries
    .map(
      (e) => `  <entry>
    <id>${esc(e.id)}</id>
    <title>${esc(e.title)}</title>
    <updated>${e.updated.toISOString()}</updated>
    <link rel="alternate" type="text/html" href="${esc(e.link)}"/>
    <summary type="text">${esc(e.summary)}</summary>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${esc(feed.id)}</id>
  <title>${esc(feed.title)}</title>
  <updated>${feed.updated.toISOString()}</updated>
  <link rel="self" type="application/atom+xml" href="${esc(feed.self)}"/>
  <link rel="alternate" type="text/html" href="${esc(feed.alternate)}"/>
  <author><name>${esc(feed.author ?? 'Stormwater Portal')}</name></author>
${entries}
</feed>
`;
}

export function atomResponse(feed: AtomFeed): Response {
  return new Response(renderAtom(feed), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
