/**
 * Routes and actions read from the source tree, so tests that must cover all of them (the authorization
 * matrix, the cross-origin test) fail when a new one appears without a rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './portal.ts';

const PAGES = path.join(ROOT, 'src/pages');

/** Every page and endpoint under the given areas, as "staff/users/[id]" (no extension). */
export function listRoutes(areas: string[]): string[] {
  return areas.flatMap((area) =>
    fs
      .readdirSync(path.join(PAGES, area), { recursive: true })
      .map(String)
      .filter((f) => /\.(astro|ts)$/.test(f))
      .map((f) => `${area}/${f.replace(/\.(astro|ts)$/, '')}`),
  );
}

/** Every Astro Action, as "group.name". */
export function listActions(): string[] {
  const dir = path.join(ROOT, 'src/actions');
  return fs.readdirSync(dir).flatMap((file) => {
    const src = fs.readFileSync(path.join(dir, file), 'utf8');
    const group = src.match(/export const (\w+) = \{/)?.[1];
    if (!group) return [];
    return [...src.matchAll(/^ {2}(\w+): defineAction\(/gm)].map((m) => `${group}.${m[1]}`);
  });
}

/**
 * Every page or endpoint that takes a POST itself rather than through an Action: pages that read a
 * multipart body (receiveMultipart), test for POST or read it back through requestFormPage, and endpoints
 * that export a POST handler.
 */
export function listPostRoutes(): string[] {
  return (
    fs
      .readdirSync(PAGES, { recursive: true })
      .map(String)
      .filter((f) => /\.(astro|ts)$/.test(f))
      // requestFormPage (src/lib/server/records-requests/form-page.ts) reads the page's own POST for the request forms.
      .filter((f) =>
        /receiveMultipart\(|request\.method === 'POST'|requestFormPage\(|export (const|async function) (POST|PUT|PATCH|DELETE|ALL)\b/.test(
          fs.readFileSync(path.join(PAGES, f), 'utf8'),
        ),
      )
      .map((f) => f.replace(/\.(astro|ts)$/, ''))
      .sort()
  );
}
