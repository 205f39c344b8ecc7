/**
 * No-JavaScript form handling for Astro Actions: after a failed POST the page re-renders with the errors
 * beside each field and everything the user typed put back; after a successful one the page redirects
 * (post/redirect/get).
 */
import { isInputError } from 'astro:actions';
import type { AstroGlobal } from 'astro';
import { isPlainFailure, plainFailure, requestIdFor } from '#lib/server/platform/http/failures.ts';

type ActionLike = Parameters<AstroGlobal['getActionResult']>[0];

export interface FormState<T> {
  /** The action's data after a successful submit. */
  data?: T;
  /** A message for the whole form (not tied to one field). */
  message?: string;
  /** Per-field messages from validation. */
  fields: Record<string, string[] | undefined>;
  /** What was submitted (empty on GET); pages choose what to echo back (never passwords). */
  submitted: FormData;
  value: (name: string) => string;
  values: (name: string) => string[];
}

/**
 * `echoOnSuccess`: also read back what was sent after a successful action, for forms whose success can
 * re-render the page (a preview) rather than redirect.
 */
export async function formState<T = unknown>(
  astro: AstroGlobal,
  action: ActionLike,
  opts: { echoOnSuccess?: boolean } = {},
): Promise<FormState<T>> {
  const result = astro.getActionResult(action);
  let submitted = new FormData();
  if ((result?.error || (result && opts.echoOnSuccess)) && astro.request.method === 'POST') {
    try {
      submitted = await astro.request.formData();
    } catch {
      // Body already consumed or not a form: nothing to echo.
    }
  }
  const fields =
    result?.error && isInputError(result.error) ? (result.error.fields as Record<string, string[] | undefined>) : {};
  // A failure of ours (5xx) is shown in plain words with the request id (the middleware has logged it),
  // never with the exception's own message.
  const failed = result?.error && !isInputError(result.error) ? result.error : undefined;
  const message =
    failed && failed.status >= 500 && !isPlainFailure(failed.message)
      ? plainFailure(astro.locals.requestId ?? requestIdFor(astro.request))
      : failed?.message;
  return {
    data: result && !result.error ? (result.data as T) : undefined,
    message,
    fields,
    submitted,
    value: (name) => {
      const v = submitted.get(name);
      return typeof v === 'string' ? v : '';
    },
    values: (name) => submitted.getAll(name).filter((v): v is string => typeof v === 'string'),
  };
}

export function fieldErrorCount(fields: Record<string, string[] | undefined>): number {
  return Object.values(fields).filter((v) => v && v.length).length;
}
