/// <reference path="../.astro/types.d.ts" />

declare namespace App {
  interface Locals {
    /** The signed-in user, loaded from the session cookie by the middleware. */
    user?: import('#lib/server/accounts/sessions.ts').SessionUser;
    /** The database connection (pages pass it to their view models; they never import the db module). */
    db: import('#lib/server/platform/db.ts').DB;
    /**
     * The same connection's asynchronous face (decision 0080): what the domains already moved to it take. It
     * becomes `db` when the last domain has moved.
     */
    dbAsync: import('#lib/server/platform/db/async-session.ts').Db;
    /**
     * The municipality this request is for: its words (name, offices, officials, `profile`) and the portal's
     * public address, read once by the middleware (decision 0080, step 3: the tenant is the request's).
     */
    town: import('#lib/shared/town-profile.ts').TownWords;
    publicUrl: string;
    /** Random id for this request, for logs. */
    requestId: string;
    /**
     * The public data version the page cache was asked at, when start.ts's cache layer asked it first and
     * missed (cached-pages-first.ts): the middleware keeps the page under that version rather than read it again.
     */
    publicDataVersion?: number;
    /**
     * Set by a page whose answer depends on more than the public data (the search page: on the index
     * serving): the middleware keeps the page in the cache only if this still holds once it is rendered.
     */
    keepPageWhile?: () => boolean;
    /**
     * Set by a page that knows the next instant its words could change with the same data on the same
     * town day (ms; Infinity: none before the day ends): the middleware keeps it in the cache until then,
     * rather than for a minute (page-cache.ts).
     */
    keepPageUntil?: number;
  }
}
