/**
 * A small, safe reading of Markdown for text the admin supplies (decision 0044: the town's own
 * ordinance text). It understands headings (#, ##, ###), paragraphs, bulleted and numbered lists,
 * **bold** and *italic*, and nothing else: no HTML, no links, no images. The result is plain data
 * (blocks of runs of text) that a page prints through its template, so every character is escaped and
 * no markup the admin types can reach the page. Pure.
 */

export interface Run {
  text: string;
  strong?: true;
  em?: true;
}
export type Block = { kind: 'h2' | 'h3' | 'h4' | 'p'; runs: Run[] } | { kind: 'ul' | 'ol'; items: Run[][] };

/** **bold** and *italic* (or _italic_) within a line; anything unmatched is text as typed. */
export function inlineRuns(text: string): Run[] {
  const runs: Run[] = [];
  const re = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) runs.push({ text: text.slice(last, m.index) });
    if (m[1] !== undefined) runs.push({ text: m[1], strong: true });
    else runs.push({ text: m[2] ?? m[3], em: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

/** The text as blocks. Plain text (no Markdown) reads as paragraphs separated by blank lines. */
export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: { kind: 'ul' | 'ol'; items: string[] } | undefined;
  const flushPara = () => {
    if (para.length) blocks.push({ kind: 'p', runs: inlineRuns(para.join(' ')) });
    para = [];
  };
  const flushList = () => {
    if (list) blocks.push({ kind: list.kind, items: list.items.map(inlineRuns) });
    list = undefined;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\(?\d{1,3}[.)]\s+(.*)$/.exec(line);
    if (!line) {
      flushPara();
      flushList();
    } else if (heading) {
      flushPara();
      flushList();
      // The page's own h1 is the title: # and ## are sections, ### subsections, deeper ones h4.
      const level = heading[1].length;
      blocks.push({ kind: level <= 2 ? 'h2' : level === 3 ? 'h3' : 'h4', runs: inlineRuns(heading[2]) });
    } else if (bullet || numbered) {
      flushPara();
      const kind = bullet ? 'ul' : 'ol';
      if (list && list.kind !== kind) flushList();
      list ??= { kind, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (list && /^\s{2,}/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      flushList();
      para.push(line);
    }
  }
  flushPara();
  flushList();
  return blocks;
}
