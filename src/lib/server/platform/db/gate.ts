/**
 * Who holds a connection (decision 0080): the asynchronous transaction open on it, if any. Statements from
 * anywhere else wait for its end; statements from inside it (everything awaited in its callback carries its
 * mark) go straight through. The synchronous face asks here before it begins a transaction of its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';

/** Who holds a connection: the mark of the transaction open on it, and how the others wait for its end. */
export interface Gate {
  holder: symbol | undefined;
  released: Promise<void>;
  release: () => void;
}

const gates = new WeakMap<Database.Database, Gate>();
export const marks = new AsyncLocalStorage<symbol>();

export function gateOf(client: Database.Database): Gate {
  let gate = gates.get(client);
  if (!gate) gates.set(client, (gate = { holder: undefined, released: Promise.resolve(), release: () => {} }));
  return gate;
}

/** Whether code running now is inside the asynchronous transaction that holds this connection. */
export function holdsIt(gate: Gate): boolean {
  return gate.holder !== undefined && marks.getStore() === gate.holder;
}

/**
 * Whether an asynchronous transaction other than the caller's holds the connection: a synchronous transaction
 * begun now would silently become a savepoint inside it (see the synchronous face's `transaction`).
 */
export function heldByAnotherTransaction(client: Database.Database): boolean {
  const gate = gates.get(client);
  return gate !== undefined && gate.holder !== undefined && !holdsIt(gate);
}

/** Waits until no other transaction holds the connection (nothing to wait for inside one's own). */
export async function untilFree(gate: Gate): Promise<void> {
  while (gate.holder !== undefined && !holdsIt(gate)) await gate.released;
}

export function take(gate: Gate, mark: symbol): void {
  gate.holder = mark;
  gate.released = new Promise((resolve) => (gate.release = resolve));
}

export function giveBack(gate: Gate): void {
  gate.holder = undefined;
  gate.release();
}

/** Waits until the connection is free for the caller (see untilFree); at once when nothing holds it. */
export async function whenFree(client: Database.Database): Promise<void> {
  const gate = gates.get(client);
  if (gate?.holder !== undefined) await untilFree(gate);
}
