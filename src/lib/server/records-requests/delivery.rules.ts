/**
 * Copies on paper (and on a CD or USB drive): pure rules. When the copies are released (paid, or nothing
 * to pay) a paper request is not "ready to download": it is ready for pickup at Town Hall, or waiting to
 * be mailed, and it is fulfilled only when the clerk records that it was picked up or mailed on a date.
 * POL §89(3)(a): the records are made available when they wait at Town Hall for the requester (pickup),
 * or when they are mailed (mail) — that day answers the request (decision record 0030).
 * Also the online-only note of the request form: electronic copies of documents the portal already
 * publishes need no request at all. No database access here.
 */
import type { TownWords } from '#lib/shared/town-profile.ts';
import type { DeliveryMethod, RequestStatus } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import { maxDay } from '#lib/shared/days.ts';

/** How the copies reach the requester once ready: collected at Town Hall, or mailed. */
export type Handover = 'pickup' | 'mail';

/** Paper copies picked up, a CD or USB drive: collected at the Town Clerk's office. Paper by mail: mailed. */
export function handoverOf(delivery: DeliveryMethod): Handover | null {
  if (delivery === 'paper_pickup' || delivery === 'cd' || delivery === 'usb') return 'pickup';
  if (delivery === 'paper_mail') return 'mail';
  return null;
}

/** Where copies are picked up, from the town profile: "Town Hall (the Town Clerk's office, …), during business hours". */
export function pickupPlace(t: TownWords): string {
  const o = t.profile.clerkOffice;
  return `${t.hall} (the ${o.name}${o.address ? `, ${o.address}` : ''}), during business hours${o.hours ? ` (${o.hours})` : ''}`;
}

/**
 * What a request becomes when its copies are released (paid in full, or nothing to pay): electronic
 * copies and inspection are fulfilled at once; physical copies wait to be picked up or mailed.
 */
export function statusOnRelease(
  delivery: DeliveryMethod,
  today: string,
): { status: 'fulfilled'; fulfilledOn: string } | { status: 'copies_ready'; copiesReadyOn: string } {
  return handoverOf(delivery)
    ? { status: 'copies_ready', copiesReadyOn: today }
    : { status: 'fulfilled', fulfilledOn: today };
}

/**
 * The date the Town must next act by while copies are ready: none for a pickup (the next move is the
 * requester's); for mail, the date the Town promised if it is still ahead, else the day they were ready.
 */
export function copiesRespondBy(r: {
  delivery: DeliveryMethod;
  copiesReadyOn?: string | null;
  promisedOn: string | null;
}): string | null {
  if (handoverOf(r.delivery) !== 'mail' || !r.copiesReadyOn) return null;
  return r.promisedOn ? maxDay(r.promisedOn, r.copiesReadyOn) : r.copiesReadyOn;
}

/**
 * The day the request was answered by making the records available (POL §89(3)(a)): for a pickup, the
 * day the copies were ready at Town Hall (the requester's visit is theirs to choose); for mail, the day
 * they were mailed. Null before then, and for other deliveries (their fulfilled day answers them).
 */
export function madeAvailableOn(r: {
  delivery: DeliveryMethod;
  copiesReadyOn?: string | null;
  mailedOn?: string | null;
}): string | null {
  const how = handoverOf(r.delivery);
  if (how === 'pickup') return r.copiesReadyOn ?? null;
  if (how === 'mail') return r.mailedOn ?? null;
  return null;
}

/** What the requester reads (mail and tracking page) when the copies are released, by delivery. */
export function readyWords(delivery: DeliveryMethod, t: TownWords): string {
  switch (handoverOf(delivery)) {
    case 'pickup':
      return `Ready for pickup at ${pickupPlace(t)}.${delivery === 'cd' || delivery === 'usb' ? ` Your copies are ${delivery === 'cd' ? 'on a CD' : 'on a USB drive'}.` : ''} Electronic copies are on your tracking page too.`;
    case 'mail':
      return 'The paper copies are ready and will be mailed to you; you will get an email with the date they are mailed. Electronic copies are on your tracking page too.';
    default:
      return delivery === 'inspect'
        ? `The records are ready for you to inspect at the ${t.profile.clerkOffice.name} during business hours.`
        : 'The records are ready. Download them from your tracking page; electronic copies are free.';
  }
}

export interface HeadlineFacts {
  status: RequestStatus;
  delivery: DeliveryMethod;
  copiesReadyOn?: string | null;
  pickedUpOn?: string | null;
  mailedOn?: string | null;
  fulfilledOn: string | null;
}

/**
 * The tracking page's heading for physical copies, saying what is true at this step: ready for pickup
 * (since a date), waiting to be mailed, picked up on a date, mailed on a date. Null when the request is
 * not at one of these steps (the status words say it).
 */
export function handoverHeadline(f: HeadlineFacts, hall = 'Town Hall'): string | null {
  const how = handoverOf(f.delivery);
  if (!how) return null;
  if (f.status === 'copies_ready') {
    return how === 'pickup'
      ? `Ready for pickup at ${hall}${f.copiesReadyOn ? ` since ${formatDay(f.copiesReadyOn)}` : ''}`
      : `Copies ready: to be mailed${f.copiesReadyOn ? ` (ready since ${formatDay(f.copiesReadyOn)})` : ''}`;
  }
  if (f.status === 'fulfilled') {
    if (f.pickedUpOn) return `Picked up on ${formatDay(f.pickedUpOn)}: fulfilled`;
    if (f.mailedOn) return `Mailed on ${formatDay(f.mailedOn)}: fulfilled`;
  }
  const where = how === 'pickup' ? `to pick up at ${hall}` : 'to be mailed';
  if (f.status === 'received' || f.status === 'acknowledged') return `Being prepared: copies ${where}`;
  if (f.status === 'awaiting_payment') return `Copies ready ${where} once the invoice is paid`;
  return null;
}

export interface HandoverInput {
  how: Handover;
  on: string;
}

/**
 * Field messages for the clerk's "picked up" / "mailed on" record, or none: only when the copies are
 * ready, on a day from their ready day to today, and mailing needs a postal address on file.
 */
export function checkHandover(
  input: HandoverInput,
  r: { status: RequestStatus; copiesReadyOn?: string | null; requesterAddress: string | null },
  today: string,
): Record<string, string> {
  if (r.status !== 'copies_ready')
    return { form: 'The copies are not ready yet: record the payment (or bill the request) first.' };
  const problems: Record<string, string> = {};
  if (input.on > today) problems.on = 'The date cannot be in the future.';
  else if (r.copiesReadyOn && input.on < r.copiesReadyOn)
    problems.on = `The copies were ready on ${formatDay(r.copiesReadyOn)}: give that day or a later one.`;
  if (input.how === 'mail' && !r.requesterAddress?.trim())
    problems.how =
      'There is no postal address on this request. Record it as picked up, or add the address in a note and mail it first.';
  return problems;
}

/** Picked up or mailed: the timeline sentence the requester reads. */
export function handoverEventText(how: Handover, on: string, hall = 'Town Hall'): string {
  return how === 'pickup'
    ? `The copies were picked up at ${hall} on ${formatDay(on)}. The request is fulfilled.`
    : `The copies were mailed on ${formatDay(on)}. The request is fulfilled.`;
}

// ---------------------------------------------------------------------------------------------------
// The request form: "free — download now", and the note before sending a request for only such documents.

export interface OnlineSelection {
  delivery: DeliveryMethod;
  /** Ticked documents and those an inspection-report range covers, each with whether the portal publishes it. */
  documents: Array<{ online: boolean }>;
  /** Records described in words (never known to be online). */
  freeText: boolean;
  /** A date range that covers no document on file (nothing to download). */
  emptyRange: boolean;
}

/**
 * Whether everything asked for can be downloaded now, free, from the project page: electronic delivery,
 * at least one document, every one of them published, nothing described in words. The form says so
 * before sending; the request can still be sent (a written request is the requester's right, POL §89(3)).
 */
export function onlyOnlineDocuments(s: OnlineSelection): boolean {
  return (
    s.delivery === 'electronic' &&
    !s.freeText &&
    !s.emptyRange &&
    s.documents.length > 0 &&
    s.documents.every((d) => d.online)
  );
}

/** The form's note when everything asked for is already online (shown beside the "Send the request anyway" box). */
export const ONLINE_ONLY_MESSAGE =
  'Everything you asked for is already published on this portal: you can download it now, free, from the links below, without a request. To send the request anyway, tick “Send the request anyway”.';
