/// <reference path="../.astro/types.d.ts" />

declare namespace App {
  interface Locals {
    /** The signed-in user, loaded from the session cookie by the middleware. */
    user?: import('./lib/server/auth/sessions.ts').SessionUser;
    /** Random id for this request, for logs. */
    requestId: string;
  }
}
