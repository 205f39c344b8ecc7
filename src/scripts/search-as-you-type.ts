/**
 * Search-as-you-type on /search: the manifest and the display list are fetched once, on first focus;
 * each word typed fetches only its prefix shard of the index (search-shards.ts), once, and every
 * keystroke is answered locally with the same query rules as the server (search-query.ts), over the
 * short fields (names, addresses, numbers). Then the full search's own answer (the /search page for the
 * same words, as Enter would show it) replaces the local one: what is listed while typing is what Enter
 * lists, descriptions, companies and the words inside public PDFs included.
 * The local answer is rendered with textContent; the full answer is the server's page, already escaped,
 * parsed inert (DOMParser runs no script) and moved in.
 */
import {
  FIELD_LABEL,
  highlight,
  queryWords,
  runQuery,
  type Segment,
  type TermSource,
} from '#lib/shared/search-query.ts';
import { shardFile, shardKey, shardSource, type SearchManifest, type Shard } from '#lib/shared/search-shards.ts';
import { PROJECT_STATUS_LABEL } from '#lib/shared/labels.ts';
import type { ProjectStatus } from '#db/schema.ts';

/** [ref, title, url, status, address, cross street, permit and parcel numbers] */
type Row = [string, string, string, string, string, string, string];
interface Loaded {
  manifest: SearchManifest;
  rows: Map<string, Row>;
  shards: Map<string, Shard>;
  source: TermSource;
}

const LIMIT = 20;
const FIELD_COLUMN: Record<string, number> = { address: 4, cross: 5, ids: 6 };

function segmentsInto(parent: HTMLElement, segments: Segment[]): void {
  for (const s of segments) {
    if (s.mark) {
      const mark = document.createElement('mark');
      mark.textContent = s.text;
      parent.append(mark);
    } else parent.append(document.createTextNode(s.text));
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

export function startSearchAsYouType(): void {
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const results = document.querySelector<HTMLElement>('[data-search-results]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  if (!form || !input || !results || !status) return;
  const version = form.dataset.version ? `?v=${encodeURIComponent(form.dataset.version)}` : '';

  let loading: Promise<Loaded | undefined> | undefined;
  const load = (): Promise<Loaded | undefined> =>
    (loading ??= Promise.all([fetch(`/search/index.json${version}`), fetch(`/search/display.json${version}`)])
      .then(async ([a, b]) => {
        if (!a.ok || !b.ok) throw new Error('index not ready');
        const manifest = (await a.json()) as SearchManifest;
        const list = (await b.json()) as Row[];
        const shards = new Map<string, Shard>();
        return {
          manifest,
          rows: new Map(list.map((r) => [r[0], r])),
          shards,
          source: shardSource(
            manifest,
            list.map((r) => r[0]),
            shards,
          ),
        };
      })
      .catch(() => {
        // Not ready yet (or offline): try again on the next keystroke; Enter still searches on the server.
        loading = undefined;
        return undefined;
      }));

  // Each shard is fetched once (a failed fetch is tried again on the next keystroke).
  const fetching = new Map<string, Promise<void>>();
  const shardsFor = (q: string, loaded: Loaded): Promise<unknown> => {
    const known = new Set(loaded.manifest.shards);
    const keys = [...new Set(queryWords(q, { typing: true }).map((w) => shardKey(w.term)))].filter(
      (k) => known.has(k) && !loaded.shards.has(k),
    );
    return Promise.all(
      keys.map((key) => {
        let p = fetching.get(key);
        if (!p) {
          p = fetch(`/search/shards/${shardFile(key)}?v=${encodeURIComponent(loaded.manifest.version)}`)
            .then(async (res) => {
              if (!res.ok) throw new Error('shard not ready');
              loaded.shards.set(key, (await res.json()) as Shard);
            })
            .catch(() => {
              fetching.delete(key);
            });
          fetching.set(key, p);
        }
        return p;
      }),
    );
  };

  input.addEventListener('focus', () => void load(), { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(), 120);
  });

  async function update(): Promise<void> {
    const q = input!.value;
    const loaded = await load();
    if (q !== input!.value) return;
    if (!loaded) {
      // The local index is not ready yet: the full search answers alone.
      if (q.trim()) {
        history.replaceState(null, '', `/search?q=${encodeURIComponent(q.trim())}`);
        void fullAnswer(q);
      }
      return;
    }
    await shardsFor(q, loaded);
    if (q !== input!.value) return;
    render(q, loaded);
    const url = q.trim() ? `/search?q=${encodeURIComponent(q.trim())}` : '/search';
    history.replaceState(null, '', url);
    if (q.trim()) void fullAnswer(q);
    else asked++;
  }

  // Only the answer to the words still in the box is shown (an earlier, slower answer is dropped).
  let asked = 0;
  async function fullAnswer(q: string): Promise<void> {
    const mine = ++asked;
    try {
      const res = await fetch(`/search?q=${encodeURIComponent(q.trim())}`, { headers: { Accept: 'text/html' } });
      if (!res.ok) return;
      const page = new DOMParser().parseFromString(await res.text(), 'text/html');
      const list = page.querySelector('[data-search-results]');
      const said = page.querySelector('[data-search-status]');
      if (!list || !said || mine !== asked || q !== input!.value) return;
      // A copy of the list first: adopting a node takes it out of the live childNodes.
      const starting = list.querySelector('[data-search-starting]') !== null;
      results!.replaceChildren(...[...list.childNodes].map((n) => document.adoptNode(n)));
      status!.textContent = said.textContent;
      // The index was still being built (seconds after a start): ask again shortly for the real answer.
      if (starting)
        setTimeout(() => {
          if (q === input!.value) void update();
        }, 1000);
    } catch {
      // Offline or the server busy: the local answer stays, and Enter still searches.
    }
  }

  function render(q: string, { source, rows }: Loaded): void {
    if (!q.trim()) {
      status!.textContent = '';
      results!.replaceChildren();
      return;
    }
    const matches = runQuery(source, q, { limit: LIMIT, typing: true });
    status!.textContent =
      matches.length === 0
        ? // The browser searches names, addresses, cross streets and numbers only; the full search's answer follows.
          `Looking for “${q.trim()}” in descriptions, companies and documents…`
        : `${matches.length === LIMIT ? `The first ${LIMIT}` : matches.length} ${matches.length === 1 ? 'result' : 'results'} for “${q.trim()}”.`;
    const list = el('ol', 'search-results');
    list.dataset.searchList = 'live';
    for (const m of matches) {
      const row = rows.get(m.ref);
      if (!row) continue;
      const li = el('li');
      const h2 = el('h2');
      const a = el('a');
      a.href = row[2];
      segmentsInto(a, highlight(row[1], m.fields.title ?? []));
      h2.append(a);
      const meta = el('p', 'meta');
      if (row[3])
        meta.append(el('span', `badge badge-${row[3]}`, PROJECT_STATUS_LABEL[row[3] as ProjectStatus] ?? row[3]));
      else meta.append(el('span', 'kind', 'Help and the law'));
      if (row[4]) meta.append(el('span', undefined, row[4]));
      li.append(h2, meta);
      const titleTerms = m.fields.title ?? [];
      const field = ['address', 'ids', 'cross'].find((f) => m.fields[f]?.some((t) => !titleTerms.includes(t)));
      if (field && field !== 'address') {
        const p = el('p', 'match');
        p.append(el('span', 'match-label', `${FIELD_LABEL[field]}:`), document.createTextNode(' '));
        segmentsInto(p, highlight(row[FIELD_COLUMN[field]], m.fields[field]));
        li.append(p);
      }
      list.append(li);
    }
    const more = el('p');
    const full = el('a', undefined, `Search descriptions, companies and documents too for “${q.trim()}”`);
    full.href = `/search?q=${encodeURIComponent(q.trim())}`;
    more.append(full);
    results!.replaceChildren(...(matches.length ? [list] : []), more);
  }
}
