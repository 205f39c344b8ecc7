/**
 * A small reader of the portal's own HTML into a tree of elements, for tests that follow ids and
 * aria-describedby across a page as a screen reader would, without a browser. Enough for Astro's output,
 * which is well formed (its compiler rejects unclosed tags): void elements, attributes in either quote,
 * comments, and scripts and styles skipped whole. Not a parser for HTML from elsewhere.
 */
export interface El {
  tag: string;
  attrs: Record<string, string>;
  children: Array<El | string>;
  parent: El | null;
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function parseHtml(html: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [], parent: null };
  let current = root;
  const token =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<(script|style)\b[^>]*>[\s\S]*?<\/\1>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|[^<]+|</gi;
  for (const m of html.matchAll(token)) {
    const [whole, , closing, opening, attrText] = m;
    if (closing) {
      // Close the nearest open element of that name (and anything left open inside it).
      for (let el: El | null = current; el && el !== root; el = el.parent) {
        if (el.tag === closing.toLowerCase()) {
          current = el.parent!;
          break;
        }
      }
    } else if (opening) {
      const attrs: Record<string, string> = {};
      for (const a of (attrText ?? '').matchAll(/([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
        attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
      const el: El = { tag: opening.toLowerCase(), attrs, children: [], parent: current };
      current.children.push(el);
      if (!VOID.has(el.tag) && !whole.endsWith('/>')) current = el;
    } else if (!whole.startsWith('<!') && !/^<(script|style)\b/i.test(whole)) {
      current.children.push(decodeEntities(whole));
    }
  }
  return root;
}

export function* walk(el: El): Generator<El> {
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    yield child;
    yield* walk(child);
  }
}

export function textOf(el: El): string {
  return el.children
    .map((c) => (typeof c === 'string' ? c : textOf(c)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

export function byId(root: El, id: string): El[] {
  return [...walk(root)].filter((el) => el.attrs.id === id);
}

export function matches(el: El, test: (el: El) => boolean): El[] {
  return [...walk(el)].filter(test);
}

export function ancestors(el: El): El[] {
  const out: El[] = [];
  for (let p = el.parent; p && p.tag !== '#root'; p = p.parent) out.push(p);
  return out;
}

export const hasClass = (el: El, name: string) => (el.attrs.class ?? '').split(/\s+/).includes(name);
