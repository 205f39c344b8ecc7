/**
 * The help pages' words for this municipality (decision 0077). The help pages (content/help/) are written
 * once for every town, village and city: where they speak of the municipality, its offices, its copy fees,
 * its holidays or its law's numbers they hold a placeholder like `{{hall}}` or `{{fee.page}}`, filled when
 * a page is served (and when the search index is built) from the same data the invoices, due dates and
 * findings use. So the fees page can never quote a rate the bill does not charge. Pure: facts in, words out.
 */
import { daysInWords, type LocalLawValues } from '#lib/server/platform/local-law.rules.ts';
import { formatMoney } from '#lib/shared/format.ts';
import type { FeeRates } from '#lib/shared/fees.ts';
import { officeLine, officialLine, type TownWords } from '#lib/shared/town-profile.ts';

export const HELP_PLACEHOLDERS = [
  'municipality',
  'Kind',
  'kind',
  'hall',
  'clerk',
  'board',
  'portal',
  'clerk-office',
  'clerk-hours',
  'stormwater-office',
  'stormwater-officer',
  'fee.page',
  'fee.sheet',
  'fee.electronic',
  'fee.cd',
  'fee.usb',
  'fee.staff-hour',
  'holidays',
  'foil-days',
  'close-of-business',
  'due-date-example',
  'fine-cap',
  'correction-days',
  'review-days',
] as const;
export type HelpPlaceholder = (typeof HELP_PLACEHOLDERS)[number];
export type HelpWords = Record<HelpPlaceholder, string>;

export interface HelpFacts {
  town: TownWords;
  /** The fee schedule in force today: the one an invoice issued today uses. */
  fees: FeeRates;
  law: Pick<LocalLawValues, 'foilBusinessDays' | 'maxDailyFineCents' | 'correctionDays' | 'swpppReviewDays'>;
  /** The GCL §24 holidays in words (deadlines.rules.ts statutoryHolidayWords). */
  holidays: string[];
  /** HH:MM, town time. */
  closeOfBusiness: string;
  /** The due-date explanation of one fixed request, as a requester's receipt words it. */
  dueDateExample: string[];
}

/** "16:30" → "4:30 p.m.". */
export function clockWords(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'a.m.' : 'p.m.'}`;
}

/** "a, b and c". */
function listWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function helpWords(f: HelpFacts): HelpWords {
  const t = f.town;
  const money = (cents: number) => (cents === 0 ? 'free' : formatMoney(cents));
  return {
    municipality: t.fullName,
    Kind: t.kindWord,
    kind: t.profile.kind,
    hall: t.hall,
    clerk: t.clerk,
    board: t.board,
    portal: t.portalName,
    'clerk-office': officeLine(t.profile.clerkOffice),
    'clerk-hours': t.profile.clerkOffice.hours,
    'stormwater-office': officeLine(t.profile.stormwaterOffice),
    'stormwater-officer': officialLine(t.profile.stormwaterOfficer),
    'fee.page': formatMoney(f.fees.perPageCents),
    'fee.sheet': formatMoney(f.fees.largeFormatSheetCents),
    'fee.electronic': money(f.fees.electronicCents),
    'fee.cd': formatMoney(f.fees.cdCents),
    'fee.usb': formatMoney(f.fees.usbCents),
    'fee.staff-hour': f.fees.staffHourlyCents == null ? 'not charged' : formatMoney(f.fees.staffHourlyCents),
    holidays: listWords(f.holidays),
    'foil-days': daysInWords(f.law.foilBusinessDays, 'business day'),
    'close-of-business': clockWords(f.closeOfBusiness),
    'due-date-example': f.dueDateExample.join(' '),
    'fine-cap': formatMoney(f.law.maxDailyFineCents),
    'correction-days': daysInWords(f.law.correctionDays),
    'review-days': daysInWords(f.law.swpppReviewDays),
  };
}

const PLACEHOLDER = /\{\{([A-Za-z.-]+)\}\}/g;

/** The placeholders a text uses that this file does not know (a test keeps the help pages to the list). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)]
    .map((m) => m[1])
    .filter((name) => !(HELP_PLACEHOLDERS as readonly string[]).includes(name));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * A help text with its placeholders filled. `escape` is applied to each value (escapeHtml for rendered
 * HTML; none for plain text), never to the text around it. An unknown placeholder is left as written.
 */
export function fillHelp(text: string, words: HelpWords, escape: (s: string) => string = (s) => s): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(words, name) ? escape(words[name as HelpPlaceholder]) : whole,
  );
}
