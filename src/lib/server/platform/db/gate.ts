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

/** Whether another transaction than the caller's holds the connection now. */
function blocked(gate: Gate): boolean {
  return gate.holder !== undefined && !holdsIt(gate);
}

/**
 * Runs `work` once no other transaction holds the connection (at once inside one's own), in the same turn as
 * the last check: nothing can begin a transaction between the check and the work. (A check awaited on its own
 * would not do: another waiter may take the connection before the caller's continuation runs.)
 */
export async function whenFree<T>(gate: Gate, work: () => T): Promise<T> {
  while (blocked(gate)) await gate.released;
  return work();
}

export function take(gate: Gate, mark: symbol): void {
  gate.holder = mark;
  gate.released = new Promise((resolve) => (gate.release = resolve));
}

export function giveBack(gate: Gate): void {
  gate.holder = undefined;
  gate.release();
}
