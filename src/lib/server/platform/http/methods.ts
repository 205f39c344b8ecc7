/**
 * The methods an endpoint answers, read from the handlers its module exports, as Astro calls them (`GET`,
 * `POST`…, else `ALL`; HEAD falls back to GET). Astro answers any other method with an empty 404; the
 * middleware answers 405 with an Allow header instead (RFC 9110 §15.5.6), and OPTIONS with 204 and the same
 * Allow (decision 0099).
 */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** What an endpoint's module handles: `any` when it exports `ALL`. */
export interface EndpointMethods {
  any: boolean;
  /** The methods its handlers answer (HEAD with GET). */
  handled: ReadonlySet<string>;
  /** The Allow header: those, and OPTIONS (answered here when the module does not). */
  allow: string;
}

export function endpointMethods(mod: Record<string, unknown>): EndpointMethods {
  const handled = new Set<string>(METHODS.filter((m) => typeof mod[m] === 'function'));
  if (handled.has('GET')) handled.add('HEAD');
  return {
    any: typeof mod.ALL === 'function',
    handled,
    allow: METHODS.filter((m) => handled.has(m) || m === 'OPTIONS').join(', '),
  };
}

/** What a request's method gets: the module's handler, the 204 that answers OPTIONS for it, or 405. */
export function methodOutcome(method: string, methods: EndpointMethods): 'handled' | 'options' | 'not allowed' {
  if (methods.any || methods.handled.has(method)) return 'handled';
  return method === 'OPTIONS' ? 'options' : 'not allowed';
}

/**
 * The route pattern Astro gives `context.routePattern` for a file under src/pages, as Vite's glob names it
 * ("./pages/api/projects/index.ts" is "/api/projects", "./pages/api/projects/[id].ts" "/api/projects/[id]").
 */
export function routePatternOf(globKey: string): string {
  const route = globKey.replace(/^\.\/pages/, '').replace(/\.ts$/, '');
  return route.replace(/\/index$/, '') || '/';
}
