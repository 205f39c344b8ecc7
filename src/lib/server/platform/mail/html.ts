/** A tiny escaping template for HTML mail bodies: every interpolation is escaped unless wrapped in raw(). */
const RAW = Symbol('raw');
export interface RawHtml {
  [RAW]: string;
}

export function raw(value: string): RawHtml {
  return { [RAW]: value };
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Part = string | number | null | undefined | RawHtml | Array<string | RawHtml>;

export function html(strings: TemplateStringsArray, ...values: Part[]): RawHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    const items = Array.isArray(v) ? v : [v];
    out += items.map((x) => (x && typeof x === 'object' && RAW in x ? x[RAW] : escapeHtml(x))).join('');
    out += strings[i + 1];
  });
  return raw(out);
}

export function toString(value: RawHtml): string {
  return value[RAW];
}
