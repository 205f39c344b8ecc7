/**
 * Helpers for the accessibility and keyboard browser tests: axe with the WCAG 2.1 A/AA rules, the check
 * that a failed form announces its errors and ties each one to its field, submitting a form empty, and
 * read-only look-ups of sample records in the browser tests' database.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const PASSWORD = 'rotterdam-demo-2026';

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(staff|operator)/);
}

/** axe-core's own build, put into each page checked (page.evaluate runs outside the page's CSP). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Contexts whose new pages get axe as they load (an init script, which V8 compiles once and caches). */
const axeContexts = new WeakSet<BrowserContext>();

/**
 * axe with every WCAG 2.0/2.1 level A and AA rule, plus axe's best practices (heading order, landmarks,
 * unique landmark names…); one line per violation, naming a few of its nodes. axe runs in the page itself
 * (the portal has no frames to reach into). Compiling axe's half a megabyte was most of a check's time,
 * and @axe-core/playwright compiles it twice per call: here, once a context has been checked, every page
 * it opens gets axe as an init script, which Chromium compiles once and then takes from its cache. Only
 * violations are collected in full (resultTypes): every rule still runs on every node, but axe skips
 * building selectors for the thousands of nodes that pass. Decision 0047.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  const context = page.context();
  if (!axeContexts.has(context)) {
    axeContexts.add(context);
    await context.addInitScript(AXE_SOURCE);
  }
  const run = () =>
    page.evaluate(
      async ({ rules, tags }) => {
        const axe = (window as unknown as { axe?: typeof import('axe-core') }).axe;
        if (!axe) return undefined; // a page opened before the init script was added
        const runOnly = rules ? { type: 'rule' as const, values: rules } : { type: 'tag' as const, values: tags };
        const results = await axe.run(document, { runOnly, resultTypes: ['violations'] });
        return results.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        }));
      },
      { rules, tags: AXE_TAGS },
    );
  let violations = await run();
  if (!violations) {
    await page.evaluate(AXE_SOURCE);
    violations = (await run())!;
  }
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.targets.join(' | ')}`);
}

/** Ids used more than once on the page (WCAG 2.1's 4.1.1; a label or description would point at the wrong element). */
export async function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  });
}

/** Soft: one page's violations are reported and the test goes on to the next page, so a run lists them all. */
export async function expectNoViolations(page: Page, label: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
  expect.soft(await duplicateIds(page), `duplicate ids on ${label}`).toEqual([]);
}

/** Go to a page (expecting the status) and check it with axe. */
export async function checkPage(page: Page, url: string, status = 200): Promise<void> {
  const res = await page.goto(url);
  expect.soft(res?.status(), `status of ${url}`).toBe(status);
  await expectNoViolations(page, url);
}

export interface ErrorReport {
  /** Text of the announced summary (role=alert or an assertive/polite live region) above the form. */
  alert: string;
  /** Messages shown beside fields or groups. */
  messages: number;
  problems: string[];
}

/**
 * After a failed submit: an error summary in a live region whose links land on the page, every message beside
 * a field tied to that field (or its fieldset) by aria-describedby, and every field marked aria-invalid
 * pointing at a message.
 */
export async function errorReport(page: Page): Promise<ErrorReport> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => !!(el as HTMLElement).offsetParent || el.getClientRects().length > 0;
    const live = [
      ...document.querySelectorAll('main [role="alert"], main [aria-live="assertive"], main [aria-live="polite"]'),
    ].filter(
      (el) =>
        visible(el) &&
        el.textContent!.trim() &&
        (el.matches('.form-alert-error, .form-alert-error *') || el.getAttribute('role') === 'alert'),
    );
    const alert = live.map((el) => el.textContent!.trim()).join(' ');
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}`;
    const messages = [...document.querySelectorAll('main .error-message')].filter(visible);
    const invalid = [...document.querySelectorAll('main [aria-invalid="true"]')];
    for (const m of messages) {
      if (!m.id) {
        problems.push(`message without an id: “${m.textContent!.trim()}”`);
        continue;
      }
      if (document.querySelectorAll(`[id="${CSS.escape(m.id)}"]`).length > 1) problems.push(`duplicate id ${m.id}`);
      const owners = invalid.filter((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).includes(m.id));
      if (!owners.length)
        problems.push(`message #${m.id} (“${m.textContent!.trim()}”) is not tied to an aria-invalid field`);
    }
    for (const el of invalid) {
      const refs = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const targets = refs.map((id) => document.getElementById(id));
      if (!refs.length) problems.push(`${describe(el)} is aria-invalid but has no aria-describedby`);
      else if (targets.some((t) => !t)) problems.push(`${describe(el)} points at a missing id (${refs.join(' ')})`);
      else if (!targets.some((t) => t!.classList.contains('error-message')))
        problems.push(`${describe(el)} is aria-invalid but describes no error message`);
    }
    // The error summary (GOV.UK's pattern) links to each field in error: every link lands on this page.
    for (const a of document.querySelectorAll<HTMLAnchorElement>('main [data-error-summary] a[href^="#"]')) {
      const id = decodeURIComponent(a.getAttribute('href')!.slice(1));
      if (!document.getElementById(id))
        problems.push(`the error summary's link “${a.textContent!.trim()}” points at #${id}, which is not on the page`);
    }
    // Every control inside a field or group shown in error is marked (or its fieldset is).
    for (const box of document.querySelectorAll('main .field-error')) {
      const marked = box.matches('[aria-invalid="true"]') || box.querySelector('[aria-invalid="true"]');
      if (!marked)
        problems.push(`a field in error has nothing marked aria-invalid: “${box.textContent!.trim().slice(0, 80)}”`);
    }
    return { alert, messages: messages.length, problems };
  });
}

export async function expectErrorsAnnounced(
  page: Page,
  label: string,
  opts: { fieldMessages?: boolean } = {},
): Promise<void> {
  const report = await errorReport(page);
  expect.soft(report.alert, `${label}: an error summary in role=alert`).not.toBe('');
  if (opts.fieldMessages !== false)
    expect.soft(report.messages, `${label}: messages beside the fields`).toBeGreaterThan(0);
  expect.soft(report.problems, `${label}: errors tied to their fields`).toEqual([]);
}

/**
 * Submit the form holding this button with nothing entered: typed values cleared, choices unchecked,
 * selects back to their empty option where they have one. Waits for the answer (a new page, or the
 * upload script's in-place replacement).
 */
export async function submitEmpty(button: Locator): Promise<void> {
  const form = button.locator('xpath=ancestor::form[1]');
  // A form folded away in <details> (a rarely used action) is opened first, as a user would.
  await form.evaluate(
    (f: HTMLFormElement) => {
      for (let d = f.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
      for (const el of f.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
        'input, textarea, select',
      )) {
        if (el instanceof HTMLSelectElement) {
          if ([...el.options].some((o) => o.value === '')) el.value = '';
          else if (el.multiple) for (const o of el.options) o.selected = false;
        } else if (el instanceof HTMLTextAreaElement) el.value = '';
        else if (el.type === 'checkbox' || el.type === 'radio') el.checked = false;
        else if (!['hidden', 'submit', 'button'].includes(el.type)) el.value = '';
      }
    },
    undefined,
    { timeout: 5000 },
  );
  const page = button.page();
  const enhanced = (await form.getAttribute('data-enhanced')) === 'true';
  if (enhanced) {
    await button.click();
    await page.locator('main .form-alert-error').waitFor();
  } else {
    await Promise.all([page.waitForNavigation({ timeout: 15_000 }), button.click()]);
  }
}

/** Read-only queries on the browser tests' database (to find sample records to open). */
export function query<T>(sql: string, ...args: unknown[]): T[] {
  const file = path.join(process.env.E2E_DATA_DIR as string, 'portal.db');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

export function one<T>(sql: string, ...args: unknown[]): T {
  const row = query<T>(sql, ...args)[0];
  if (!row) throw new Error(`No row for: ${sql}`);
  return row;
}
