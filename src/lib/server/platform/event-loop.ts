/**
 * How long the server could not answer anything: the longest the event loop was held up (by synchronous work
 * such as a busy wait on SQLite's lock, a long page render or a garbage collection), reported by /healthz
 * since the previous check. A monitor that polls /healthz sees any stall between two polls.
 *
 * Two figures: the whole stall, and the server's own part of it. On a machine whose cores are busy with
 * other work, the kernel may keep a ready process waiting for a CPU; Linux counts that wait per thread
 * (/proc/thread-self/schedstat, "time spent waiting on a runqueue"), and the own part leaves it out. A
 * synchronous wait in SQLite's busy handler sleeps, so it is the server's own, as it should be.
 *
 * Measured with a 10 ms interval timer rather than perf_hooks.monitorEventLoopDelay: that histogram, once
 * reset, drops the first delay it sees after the reset, so a stall that began just after one check would
 * go unreported at the next.
 */
import fs from 'node:fs';

const TICK_MS = 10;
const SCHEDSTAT = '/proc/thread-self/schedstat';

interface Watch {
  last: number;
  lastQueuedMs: number;
  longest: number;
  longestOwn: number;
}

let watch: Watch | undefined;

/** How long this thread has waited for a CPU while ready to run, in ms (0 where the system does not say). */
function queuedMs(): number {
  try {
    return Number(fs.readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]) / 1e6 || 0;
  } catch {
    return 0;
  }
}

function startWatching(): Watch {
  const w: Watch = { last: performance.now(), lastQueuedMs: queuedMs(), longest: 0, longestOwn: 0 };
  setInterval(() => note(w), TICK_MS).unref();
  return w;
}

function note(w: Watch): void {
  const now = performance.now();
  const queued = queuedMs();
  const stall = now - w.last - TICK_MS;
  w.longest = Math.max(w.longest, stall);
  w.longestOwn = Math.max(w.longestOwn, stall - (queued - w.lastQueuedMs));
  w.last = now;
  w.lastQueuedMs = queued;
}

export interface Stalls {
  /** The longest the event loop was held up since the previous check, in ms. */
  longestStallMs: number;
  /** The same without the time the process waited for a CPU the machine gave to other work. */
  longestOwnStallMs: number;
}

const ms = (n: number) => Math.round(Math.max(n, 0) * 10) / 10;

/** The stalls since the previous call (none at the first call, which starts the watch). */
export function stallsSinceLastAsked(): Stalls {
  if (!watch) {
    watch = startWatching();
    return { longestStallMs: 0, longestOwnStallMs: 0 };
  }
  // The time since the last tick counts too: this call may itself come right after a stall.
  note(watch);
  const stalls = { longestStallMs: ms(watch.longest), longestOwnStallMs: ms(watch.longestOwn) };
  watch.longest = 0;
  watch.longestOwn = 0;
  return stalls;
}
