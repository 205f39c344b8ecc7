/**
 * Astro Actions, run by the middleware (Astro's documented getActionContext) rather than by Astro itself,
 * for two things every action gets whatever its schema says:
 * - a posted text field with control characters (NUL and the like) is refused beside that field before
 *   the action runs (control-characters.ts);
 * - an internal failure (a 5xx: Astro turns any exception into one whose message is the exception's own,
 *   like "database or disk is full", "ENOSPC" or a setting's name) is logged with the request id and
 *   answered in plain words with that id (failures.ts). Astro keeps no stack: the log has the message.
 * A cross-site form post is not run here: Astro refuses it (checkOrigin), exactly as before.
 */
import type { APIContext } from 'astro';
import { ActionError, getActionContext } from 'astro:actions';
import { logFailure, plainFailure } from '#lib/server/platform/http/failures.ts';
import {
  CONTROL_CHARACTER_FORM_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacters,
} from './control-characters.ts';
import { FieldErrors } from './fields.ts';

/**
 * Run the action this request posts, if any. A form post: its result is set for the page, which renders
 * next (Astro then does not run it again), and undefined is returned. A fetch call: its answer.
 */
export async function runAction(context: APIContext): Promise<Response | undefined> {
  const { action, setActionResult, serializeActionResult } = getActionContext(context);
  if (!action || crossSiteForm(context.request, context.url)) return undefined;
  const result = await resultOf(context, action);
  const serialized = serializeActionResult(result);
  if (action.calledFrom === 'rpc') {
    return serialized.type === 'empty'
      ? new Response(null, { status: serialized.status })
      : new Response(serialized.body, {
          status: serialized.status,
          headers: { 'Content-Type': serialized.contentType },
        });
  }
  setActionResult(action.name, serialized);
  return undefined;
}

type PendingAction = NonNullable<ReturnType<typeof getActionContext>['action']>;
type ActionResult = Awaited<ReturnType<PendingAction['handler']>>;

/** The action's result, or its refusal; an internal failure in plain words. */
async function resultOf(context: APIContext, action: PendingAction): Promise<ActionResult> {
  const controlled = await fieldsWithControlCharacters(context.request);
  if (controlled.length) {
    // Names such as "constructor" cannot be keys of Astro's field map: refused for the whole form instead.
    const named = controlled.filter((name) => !(name in Object.prototype));
    const error = named.length
      ? new FieldErrors(Object.fromEntries(named.map((name) => [name, CONTROL_CHARACTER_MESSAGE])))
      : new ActionError({ code: 'BAD_REQUEST', message: CONTROL_CHARACTER_FORM_MESSAGE });
    return { data: undefined, error } as ActionResult;
  }
  const result = await action.handler();
  if (result.error && result.error.status >= 500) {
    const requestId = context.locals.requestId;
    logFailure(requestId, `action ${action.name}`, result.error);
    return {
      data: undefined,
      error: new ActionError({ code: result.error.code, message: plainFailure(requestId) }),
    } as ActionResult;
  }
  return result;
}

/** Actions take forms of text only (files go to pages): at most Astro's action body limit is read. */
const MAX_ACTION_BODY = 30 * 1024 * 1024;

/** The names of posted text fields that hold control characters ([] when the body is not a form). */
async function fieldsWithControlCharacters(request: Request): Promise<string[]> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type) || !request.body) return [];
  // Too large by its own account: Astro refuses it without reading it.
  if (Number(request.headers.get('content-length')) > MAX_ACTION_BODY) return [];
  const bytes = await readUpTo(request.clone().body!, MAX_ACTION_BODY);
  // Too large or unreadable: Astro's own parsing refuses it.
  if (!bytes) return [];
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'Content-Type': type } }).formData();
  } catch {
    return [];
  }
  const names = new Set<string>();
  for (const [name, value] of form) if (typeof value === 'string' && hasControlCharacters(value)) names.add(name);
  return [...names];
}

async function readUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        // Not awaited: cancelling one branch of a cloned body settles only when the other is cancelled too.
        reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  return Buffer.concat(chunks);
}

/**
 * Astro's checkOrigin rule (astro/dist/core/app/origin-check.js, astro 7.3.5): a POST with a form-like
 * content type, or without a content type, from another origin (or none). Such a post is not run here.
 */
function crossSiteForm(request: Request, url: URL): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false;
  const sameOrigin = request.headers.get('origin') === url.origin;
  const type = request.headers.get('content-type');
  if (type === null) return !sameOrigin;
  const formLike = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].some((t) =>
    type.toLowerCase().includes(t),
  );
  return formLike && !sameOrigin;
}
