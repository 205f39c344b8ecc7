/**
 * Backpressure for long downloads built while they are sent (the ZIP of a request's released files).
 * The adapter writes a Response body to the socket chunk after chunk without waiting for the socket to
 * drain, so a body that can be read faster than the client receives it would pile up in the server's
 * memory. start.ts calls `trackResponses` once: each request to a long-download route gets a private id in an internal header
 * (any such header from outside is dropped first), and a route can ask `drainGate(request)` for a
 * function that resolves when the client has taken what was written (or the connection closed).
 * The registry lives on globalThis because start.ts and the built server load separate copies of
 * this module.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export const RESPONSE_ID_HEADER = 'x-rsp-internal-response-id';
const REGISTRY = Symbol.for('stormwater-portal.responses');

function registry(): Map<string, ServerResponse> {
  const g = globalThis as unknown as Record<symbol, Map<string, ServerResponse> | undefined>;
  return (g[REGISTRY] ??= new Map());
}

let next = 0;

/** Call once with the portal's HTTP server, before the adapter's handler runs (prependListener). */
export function trackResponses(server: Server, isLongDownload: (pathname: string) => boolean): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    // Only the routes that stream long downloads are tracked: every other request (the hot cached pages
    // among them) costs one header deletion.
    if (!isLongDownload((req.url ?? '').split('?')[0])) {
      delete req.headers[RESPONSE_ID_HEADER];
      return;
    }
    const id = `${process.pid}-${++next}`;
    req.headers[RESPONSE_ID_HEADER] = id;
    const map = registry();
    map.set(id, res);
    res.once('close', () => map.delete(id));
  });
}

/**
 * For a route: a function to await between chunks, resolving at once while the socket keeps up, else on
 * its next 'drain' (or 'close'). Undefined when the server was not started by start.ts (nothing to wait on).
 */
export function drainGate(request: Request): (() => Promise<void>) | undefined {
  const id = request.headers.get(RESPONSE_ID_HEADER);
  const res = id ? registry().get(id) : undefined;
  if (!res) return undefined;
  return () =>
    res.writableNeedDrain && !res.destroyed
      ? new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        })
      : Promise.resolve();
}
