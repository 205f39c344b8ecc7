/**
 * The one search index of the portal, kept fresh without ever making a request wait:
 *
 * - built lazily, off the request path, in a worker thread (see worker.ts) when first wanted;
 * - changes are detected cheaply (a count/max(updated_at) fingerprint, read by the worker at most every
 *   few seconds when someone searches, a check asked for too soon running when the interval is over,
 *   and once a minute otherwise);
 * - a change schedules a rebuild after a short quiet period (debounced, with a maximum wait); the old
 *   index answers every query until the new one is ready, then the two are swapped;
 * - until the very first build is ready, callers are told so (the page falls back to a plain listing);
 * - a new index starting to serve calls onSwap (the page cache drops the search pages it kept).
 */
import { Worker } from 'node:worker_threads';
import type { HelpDoc } from './documents.ts';
import type { BrowserAssets, SearchHit } from './engine.ts';
import type { WorkerInput, WorkerMessage, WorkerRequest } from './worker.ts';

export interface SearchServiceOptions {
  dbPath: string;
  /** The help and ordinance pages (read when each build starts). */
  help: () => Promise<HelpDoc[]> | HelpDoc[];
  /** Look for changes at most this often when asked (default 3 s). */
  checkEveryMs?: number;
  /** Quiet period before a rebuild (default 1 s) and the longest a change waits (default 10 s). */
  debounceMs?: number;
  maxWaitMs?: number;
  /** A query that takes longer is answered with nothing (default 5 s). */
  queryTimeoutMs?: number;
  /** Background check when nobody searches (default 60 s; 0 = off). */
  idleCheckMs?: number;
  /** Called when a new index starts serving (pages built from the old one are out of date). */
  onSwap?: () => void;
  /**
   * Work whose results the next index should include (reading new PDFs' words), done before each rebuild
   * while the old index serves. Not awaited before the first build: a start-up must not wait for it (what
   * it writes is a change, seen by the next check).
   */
  beforeBuild?: () => Promise<unknown>;
  log?: (message: string) => void;
}

export interface BuildStats {
  generation: number;
  fingerprint: string;
  docs: number;
  buildMs: number;
  heapUsed: number;
  builtAt: Date;
  browserBytes: {
    index: number;
    indexGzip: number;
    indexBrotli: number;
    display: number;
    displayGzip: number;
    displayBrotli: number;
    shards: number;
    shardsRaw: number;
    shardsBrotli: number;
    largestShardBrotli: number;
  };
}

export interface SearchAnswer {
  /** False until the first index is ready (the caller shows something else). */
  ready: boolean;
  generation: number;
  hits: SearchHit[];
  /** False when the index did not answer in time (the hits are then empty, not "nothing matches"). */
  answered: boolean;
}

type Reply = Extract<WorkerMessage, { type: 'result' | 'fingerprint' }>;

interface Live {
  worker: Worker;
  stats: BuildStats;
  browser: BrowserAssets;
  pending: Map<number, (reply: Reply | undefined) => void>;
  retiring: boolean;
}

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export class SearchService {
  private live?: Live;
  private building?: Promise<boolean>;
  private timer?: NodeJS.Timeout;
  private firstChangeAt = 0;
  private lastCheck = 0;
  private generation = 0;
  private nextQueryId = 1;
  private closed = false;
  private idleTimer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  /** The worker of the build under way, and when it is past loading its database driver (close() waits for that). */
  private starting?: { worker: Worker; opened: Promise<void> };
  private trailingCheck?: NodeJS.Timeout;
  private readonly opts: Required<Omit<SearchServiceOptions, 'log' | 'onSwap' | 'beforeBuild'>> &
    Pick<SearchServiceOptions, 'onSwap' | 'beforeBuild'> & { log: (m: string) => void };

  constructor(options: SearchServiceOptions) {
    this.opts = {
      checkEveryMs: 3000,
      debounceMs: 1000,
      maxWaitMs: 10_000,
      queryTimeoutMs: 5000,
      idleCheckMs: 60_000,
      log: (m) => console.log(m),
      // An option given as undefined keeps its default.
      ...(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as SearchServiceOptions),
    };
    if (this.opts.idleCheckMs > 0) {
      this.idleTimer = setInterval(() => void this.checkForChanges(true), this.opts.idleCheckMs);
      this.idleTimer.unref();
    }
  }

  /** Start the first build soon, off the current request. Safe to call often. */
  warm(): void {
    if (this.live || this.building || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.rebuild();
    }, 0);
    this.timer.unref?.();
  }

  get ready(): boolean {
    return Boolean(this.live);
  }

  stats(): BuildStats | undefined {
    return this.live?.stats;
  }

  /** The serialized browser index and display list of the index now serving. */
  browserAssets(): BrowserAssets | undefined {
    void this.checkForChanges();
    return this.live?.browser;
  }

  /** Ranked hits from the index now serving; never waits for a build. */
  async search(q: string, limit = 50): Promise<SearchAnswer> {
    void this.checkForChanges();
    const live = this.live;
    if (!live) {
      this.warm();
      return { ready: false, generation: 0, hits: [], answered: false };
    }
    const reply = await this.ask(live, { type: 'query', id: this.nextQueryId++, q: String(q).slice(0, 1000), limit });
    return {
      ready: true,
      generation: live.stats.generation,
      hits: reply?.type === 'result' ? reply.hits : [],
      answered: reply?.type === 'result',
    };
  }

  /** One request to a worker; undefined on timeout or if the worker goes away. */
  private ask(live: Live, request: WorkerRequest): Promise<Reply | undefined> {
    return new Promise<Reply | undefined>((resolve) => {
      const timeout = setTimeout(() => {
        live.pending.delete(request.id);
        resolve(undefined);
        this.retireIfIdle(live);
      }, this.opts.queryTimeoutMs);
      live.pending.set(request.id, (reply) => {
        clearTimeout(timeout);
        resolve(reply);
        this.retireIfIdle(live);
      });
      live.worker.postMessage(request);
    });
  }

  /**
   * Compare the database's fingerprint with the serving index's (at most every checkEveryMs unless
   * forced) and schedule a debounced rebuild when they differ. The serving worker reads the
   * fingerprint, so the page thread never scans a table for it. Resolves once the check is done.
   */
  checkForChanges(force = false): Promise<void> {
    if (this.closed) return Promise.resolve();
    const now = Date.now();
    if (!force && now - this.lastCheck < this.opts.checkEveryMs) {
      // Asked too soon: check once the interval is over rather than not at all. Search pages are kept in
      // the page cache, so the ask skipped here may be the last for a while (a change would go unseen).
      this.trailingCheck ??= setTimeout(
        () => {
          this.trailingCheck = undefined;
          void this.checkForChanges();
        },
        this.lastCheck + this.opts.checkEveryMs - now,
      ).unref();
      return Promise.resolve();
    }
    this.lastCheck = now;
    const live = this.live;
    if (!live) {
      this.warm();
      return Promise.resolve();
    }
    // One check at a time; a forced check asked for meanwhile runs right after (it may see newer data).
    if (this.checking) return force ? this.checking.then(() => this.checkForChanges(true)) : this.checking;
    this.checking = this.ask(live, { type: 'fingerprint', id: this.nextQueryId++ })
      .then((reply) => {
        if (
          reply?.type === 'fingerprint' &&
          reply.fingerprint != null &&
          reply.fingerprint !== live.stats.fingerprint &&
          this.live === live
        )
          this.scheduleRebuild();
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  private scheduleRebuild(): void {
    const now = Date.now();
    if (!this.timer) this.firstChangeAt = now;
    clearTimeout(this.timer);
    let wait = Math.max(0, Math.min(this.opts.debounceMs, this.firstChangeAt + this.opts.maxWaitMs - now));
    // A big town's build takes seconds of a core: under a stream of changes, rest at least twice as long between builds.
    if (this.live) wait = Math.max(wait, this.live.stats.builtAt.getTime() + 2 * this.live.stats.buildMs - now);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.rebuild();
    }, wait);
    this.timer.unref?.();
  }

  /** Build a new index now (joining one under way) and swap it in when ready. Resolves true on success. */
  async rebuild(): Promise<boolean> {
    if (this.closed) return false;
    if (this.building) {
      // A build is under way with older data: check again when it is done.
      await this.building;
      void this.checkForChanges(true);
      return Boolean(this.live);
    }
    this.building = this.buildOnce().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async buildOnce(): Promise<boolean> {
    if (this.opts.beforeBuild) {
      const before = this.opts.beforeBuild().catch((err: unknown) => this.opts.log(`search: ${String(err)}`));
      if (this.live) await before;
    }
    const help = await this.opts.help();
    const { workerUrl, WORKER_KIND } = await import('./worker.ts');
    const worker = new Worker(new URL(workerUrl), {
      workerData: { kind: WORKER_KIND, dbPath: this.opts.dbPath, help } satisfies WorkerInput,
    });
    worker.unref();
    let opened = () => {};
    this.starting = { worker, opened: new Promise<void>((resolve) => (opened = resolve)) };
    const pending = new Map<number, (reply: Reply | undefined) => void>();
    const ready = await new Promise<Extract<WorkerMessage, { type: 'ready' }> | undefined>((resolve) => {
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'opened') opened();
        else if (m.type === 'ready') resolve(m);
        else if (m.type === 'error') {
          this.opts.log(`search: index build failed: ${m.message}`);
          resolve(undefined);
        } else {
          const done = pending.get(m.id);
          pending.delete(m.id);
          done?.(m);
        }
      });
      worker.on('error', (err) => {
        this.opts.log(`search: index worker crashed: ${String(err)}`);
        opened();
        resolve(undefined);
        this.dropWorker(worker, pending);
      });
      worker.on('exit', () => {
        opened();
        resolve(undefined);
        this.dropWorker(worker, pending);
      });
    });
    this.starting = undefined;
    if (!ready || this.closed) {
      await worker.terminate();
      return false;
    }
    const file = (c: { json: Uint8Array; gzip: Uint8Array; br: Uint8Array }) => ({
      json: toBuffer(c.json),
      gzip: toBuffer(c.gzip),
      br: toBuffer(c.br),
    });
    const browser: BrowserAssets = {
      version: ready.browser.version,
      index: file(ready.browser.index),
      display: file(ready.browser.display),
      shards: new Map([...ready.browser.shards].map(([name, c]) => [name, file(c)])),
    };
    let shardBrotli = 0;
    let shardRaw = 0;
    let largestShardBrotli = 0;
    for (const c of browser.shards.values()) {
      shardRaw += c.json.length;
      shardBrotli += c.br.length;
      largestShardBrotli = Math.max(largestShardBrotli, c.br.length);
    }
    const stats: BuildStats = {
      generation: ++this.generation,
      fingerprint: ready.fingerprint,
      docs: ready.docs,
      buildMs: Math.round(ready.buildMs),
      heapUsed: ready.heapUsed,
      builtAt: new Date(),
      browserBytes: {
        index: browser.index.json.length,
        indexGzip: browser.index.gzip.length,
        indexBrotli: browser.index.br.length,
        display: browser.display.json.length,
        displayGzip: browser.display.gzip.length,
        displayBrotli: browser.display.br.length,
        shards: browser.shards.size,
        shardsRaw: shardRaw,
        shardsBrotli: shardBrotli,
        largestShardBrotli,
      },
    };
    const old = this.live;
    this.live = { worker, stats, browser, pending, retiring: false };
    this.opts.onSwap?.();
    if (old) {
      // The old index finishes what it was asked, then goes.
      old.retiring = true;
      this.retireIfIdle(old);
    }
    // Changes made while building are picked up at once.
    void this.checkForChanges(true);
    return true;
  }

  private retireIfIdle(live: Live): void {
    if (live.retiring && live.pending.size === 0) void live.worker.terminate();
  }

  private dropWorker(worker: Worker, pending: Map<number, (reply: Reply | undefined) => void>): void {
    for (const done of pending.values()) done(undefined);
    pending.clear();
    if (this.live?.worker === worker) {
      // The serving worker died: rebuild rather than answer from nothing.
      this.live = undefined;
      if (!this.closed) this.warm();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.idleTimer);
    clearTimeout(this.trailingCheck);
    // A build under way is stopped, once its worker is past loading better-sqlite3: the process exiting while a
    // worker loads it aborted the whole process (SIGABRT) on a busy machine, so no stop is made in that window.
    const starting = this.starting;
    if (starting) {
      await starting.opened;
      await starting.worker.terminate();
    }
    await this.building?.catch(() => false);
    const live = this.live;
    this.live = undefined;
    if (live) await live.worker.terminate();
  }
}
