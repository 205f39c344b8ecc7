/**
 * The town's findings as they are held between two evaluations (findings.ts keeps them for up to five
 * minutes): columns of numbers over one table of the distinct strings, rather than one object per finding.
 *
 * Why: at 10,000 projects the town has ~144,000 findings. Held as objects they were ~580,000 heap objects
 * (each finding, its wrapper, its deadline Date, the concatenated strings of its words): more than half of
 * everything the garbage collector marks, at every full collection, while pages are being served. Here they
 * are a few typed arrays, which the collector does not look into, and ~30,000 flat strings (decision 0059).
 * A reader gets ordinary Finding objects, made when asked for: only those it wants.
 */
import type { Finding, RuleId, Severity } from '#lib/server/compliance/compliance.rules.ts';

/** Every field of a Finding that is a string (all but `dueAt`), in column order. */
const TEXT_FIELDS = [
  'rule',
  'key',
  'severity',
  'status',
  'section',
  'source',
  'title',
  'text',
  'from',
  'dueOn',
  'resolvedOn',
] as const satisfies ReadonlyArray<keyof Finding>;
/** A field added to Finding and missing above fails to compile here (it would be dropped silently). */
const everyFieldHeld: Record<Exclude<keyof Finding, (typeof TEXT_FIELDS)[number] | 'dueAt'>, never> = {};
void everyFieldHeld;

const WIDTH = TEXT_FIELDS.length;
const RULE = TEXT_FIELDS.indexOf('rule');
const SEVERITY = TEXT_FIELDS.indexOf('severity');
const STATUS = TEXT_FIELDS.indexOf('status');
const FROM = TEXT_FIELDS.indexOf('from');
const KEY = TEXT_FIELDS.indexOf('key');
/** A column's value when the finding has none (an optional field). */
const ABSENT = -1;

/** What a reader may ask for before any finding is made. Each list given keeps only the findings in it. */
export interface HeldFindingsWhere {
  projectIds?: ReadonlySet<number>;
  rules?: readonly RuleId[];
  severities?: readonly Severity[];
  statuses?: ReadonlyArray<Finding['status']>;
}

/** What an order of held findings compares: the project and the finding's first day and key. */
export type HeldOrder = (a: HeldRow, b: HeldRow) => number;
export interface HeldRow {
  projectId: number;
  finding: Pick<Finding, 'from' | 'key'>;
}

/** Findings added a slice at a time (warmTownFindings), held as columns from the start. */
export class HeldFindingsBuilder {
  private readonly projectIds: number[] = [];
  private readonly texts: number[] = [];
  private readonly dueAt: number[] = [];
  private readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  /** Every finding of each project evaluated. */
  addProjects(evaluated: ReadonlyArray<{ projectId: number; findings: readonly Finding[] }>): void {
    for (const { projectId, findings } of evaluated) for (const f of findings) this.add(projectId, f);
  }

  add(projectId: number, finding: Finding): void {
    this.projectIds.push(projectId);
    this.dueAt.push(finding.dueAt ? finding.dueAt.getTime() : NaN);
    for (const field of TEXT_FIELDS) {
      const value = finding[field];
      if (value === undefined) {
        this.texts.push(ABSENT);
        continue;
      }
      let at = this.index.get(value);
      if (at === undefined) {
        at = this.strings.push(flat(value)) - 1;
        this.index.set(value, at);
      }
      this.texts.push(at);
    }
  }

  /** The findings added, in `order`. */
  build(order: HeldOrder): HeldFindings {
    const n = this.projectIds.length;
    const rows = Array.from({ length: n }, (_, i): HeldRow & { i: number } => ({
      i,
      projectId: this.projectIds[i],
      finding: { from: this.strings[this.texts[i * WIDTH + FROM]], key: this.strings[this.texts[i * WIDTH + KEY]] },
    }));
    rows.sort(order);
    const projectIds = new Int32Array(n);
    const texts = new Int32Array(n * WIDTH);
    const dueAt = new Float64Array(n);
    rows.forEach(({ i }, to) => {
      projectIds[to] = this.projectIds[i];
      dueAt[to] = this.dueAt[i];
      for (let c = 0; c < WIDTH; c++) texts[to * WIDTH + c] = this.texts[i * WIDTH + c];
    });
    return new HeldFindings(projectIds, texts, dueAt, this.strings.slice());
  }
}

export class HeldFindings {
  private readonly projectIds: Int32Array;
  /** `length × WIDTH` indexes into `strings`, ABSENT for a field the finding lacks. */
  private readonly texts: Int32Array;
  /** `dueAt` in ms, NaN when the finding has none. */
  private readonly dueAt: Float64Array;
  private readonly strings: readonly string[];

  constructor(projectIds: Int32Array, texts: Int32Array, dueAt: Float64Array, strings: readonly string[]) {
    this.projectIds = projectIds;
    this.texts = texts;
    this.dueAt = dueAt;
    this.strings = strings;
  }

  get length(): number {
    return this.projectIds.length;
  }

  /** The findings that `where` keeps, in the held order, as new objects. */
  select(where: HeldFindingsWhere = {}): Array<{ projectId: number; finding: Finding }> {
    const wanted = (values: readonly string[] | undefined) =>
      values?.length ? new Set(values.map((v) => this.strings.indexOf(v)).filter((at) => at !== ABSENT)) : undefined;
    const rules = wanted(where.rules);
    const severities = wanted(where.severities);
    const statuses = wanted(where.statuses);
    const out: Array<{ projectId: number; finding: Finding }> = [];
    for (let i = 0; i < this.projectIds.length; i++) {
      if (where.projectIds && !where.projectIds.has(this.projectIds[i])) continue;
      if (rules && !rules.has(this.texts[i * WIDTH + RULE])) continue;
      if (severities && !severities.has(this.texts[i * WIDTH + SEVERITY])) continue;
      if (statuses && !statuses.has(this.texts[i * WIDTH + STATUS])) continue;
      out.push({ projectId: this.projectIds[i], finding: this.finding(i) });
    }
    return out;
  }

  private finding(i: number): Finding {
    const f: Record<string, unknown> = {};
    for (let c = 0; c < WIDTH; c++) {
      const at = this.texts[i * WIDTH + c];
      if (at !== ABSENT) f[TEXT_FIELDS[c]] = this.strings[at];
    }
    if (!Number.isNaN(this.dueAt[i])) f.dueAt = new Date(this.dueAt[i]);
    return f as unknown as Finding;
  }
}

/**
 * A flat copy of a string the rules built by concatenation: V8 keeps such a string as a tree of its pieces
 * (one heap object per piece) until something flattens it. JSON keeps every code unit as it was.
 */
function flat(s: string): string {
  return s.length < 2 ? s : (JSON.parse(JSON.stringify(s)) as string);
}
