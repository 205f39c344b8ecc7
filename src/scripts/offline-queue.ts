/**
 * Filings kept on the device while there is no signal (an inspection report filled in at the site): a form
 * marked `data-offline-queue` that cannot reach the server is saved here, whole, with its files, and sent
 * again from the same page when the browser is back online. IndexedDB keeps files (structured clone), which
 * localStorage cannot. One entry per account and form address (the key): a second save replaces the first, as a
 * second press of "File" would.
 */

const DB_NAME = 'portal-offline';
const STORE = 'filings';

export interface QueuedFiling {
  /** The account and the address the form posts to: one kept filing per form and person. */
  key: string;
  fields: [string, FormDataEntryValue][];
  savedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
    });
  } finally {
    db.close();
  }
}

/** Keeps the form's data (files included) under `key`, replacing what was kept under it before. */
export async function keepFiling(key: string, data: FormData): Promise<void> {
  const filing: QueuedFiling = { key, fields: [...data.entries()], savedAt: Date.now() };
  await inStore('readwrite', (store) => store.put(filing));
}

/** What is kept under `key`, if anything. */
export async function keptFiling(key: string): Promise<QueuedFiling | undefined> {
  return (await inStore('readonly', (store) => store.get(key))) as QueuedFiling | undefined;
}

export async function forgetFiling(key: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(key));
}

export function asFormData(filing: QueuedFiling): FormData {
  const data = new FormData();
  for (const [name, value] of filing.fields) data.append(name, value);
  return data;
}

/** Whether this browser can keep filings at all (IndexedDB may be off in a private window). */
export function canKeepFilings(): boolean {
  return typeof indexedDB !== 'undefined';
}
