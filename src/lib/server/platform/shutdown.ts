/**
 * Work to finish before the server process exits (graceful shutdown in scripts/start.ts). The search index's
 * worker thread is the reason: the process exiting while that worker loaded better-sqlite3 aborted it (SIGABRT,
 * "napi_get_last_error_info") instead of exiting with 0. The list is kept on a global: the pages are bundled
 * apart from the start script, and both must see the same one.
 */
type Hook = () => Promise<unknown>;

const KEY = Symbol.for('stormwater-portal.shutdown-hooks');

function hooks(): Set<Hook> {
  const global = globalThis as { [KEY]?: Set<Hook> };
  return (global[KEY] ??= new Set());
}

/** Runs `hook` at shutdown, after the requests in flight have finished. Returns a function that removes it. */
export function onShutdown(hook: Hook): () => void {
  hooks().add(hook);
  return () => hooks().delete(hook);
}

/** Every hook at once, for at most `timeoutMs`; one that fails does not keep the others from finishing. */
export function runShutdownHooks(timeoutMs = 10_000): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  return Promise.race([Promise.allSettled([...hooks()].map((hook) => hook())), limit]).finally(() =>
    clearTimeout(timer),
  );
}
