/** Answers of the open-data API: JSON with CORS for anyone's scripts, clear 400s for bad filters. */
import { conditionalResponse, type ConditionalOptions } from './conditional.ts';

export const OPEN_HEADERS = { 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' };

export function apiJson(
  request: Request,
  value: unknown,
  lastModified?: Date,
  contentType = 'application/json; charset=utf-8',
): Response {
  return conditionalResponse(request, JSON.stringify(value, null, 1), {
    contentType,
    lastModified,
    headers: OPEN_HEADERS,
  });
}

export function apiBody(
  request: Request,
  body: string,
  opts: Omit<ConditionalOptions, 'headers'> & { headers?: Record<string, string> },
): Response {
  return conditionalResponse(request, body, { ...opts, headers: { ...OPEN_HEADERS, ...opts.headers } });
}

export function apiError(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...OPEN_HEADERS },
  });
}
