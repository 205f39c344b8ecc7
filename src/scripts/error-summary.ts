/**
 * The error summary of a refused form (ErrorSummary.astro, GOV.UK's pattern), and a warning that holds a form
 * until it is confirmed (Notice.astro): focused when the page loads, so a screen reader reads it first and the
 * keyboard starts there (an error summary before a warning); each link moves focus to its field, with the
 * field's label or legend scrolled into view. A link whose id is not on the page (a form whose controls have
 * ids of their own) finds its field by name in the form the summary stands for. Listens on the document, so a
 * summary put in place by the upload script (which focuses it itself) works too.
 */
const CONTROL = 'input:not([type="hidden"]), select, textarea';
const SUMMARY = '[data-error-summary], [data-warning-summary]';

/** The form a summary stands for: the first one after it, else the first in its section. */
function formOf(summary: Element): HTMLFormElement | null {
  for (let el = summary.nextElementSibling; el; el = el.nextElementSibling) {
    if (el instanceof HTMLFormElement) return el;
    const inner = el.querySelector('form');
    if (inner) return inner;
  }
  return summary.closest('section, details, main')?.querySelector('form') ?? null;
}

function controlFor(link: HTMLAnchorElement, summary: Element): HTMLElement | null {
  const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
  if (target) return target.matches(CONTROL) ? target : target.querySelector<HTMLElement>(CONTROL);
  const name = link.dataset.field;
  if (!name) return null;
  const byName = `[name="${CSS.escape(name)}"]:not([type="hidden"])`;
  return formOf(summary)?.querySelector<HTMLElement>(byName) ?? document.querySelector<HTMLElement>(`main ${byName}`);
}

export function startErrorSummary(): void {
  (
    document.querySelector<HTMLElement>('main [data-error-summary]') ??
    document.querySelector<HTMLElement>('main [data-warning-summary]')
  )?.focus();
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(`:is(${SUMMARY}) a[href^="#"]`);
    const summary = link?.closest(SUMMARY);
    if (!link || !summary) return;
    const control = controlFor(link, summary);
    if (!control) return;
    event.preventDefault();
    const caption =
      control.closest('fieldset')?.querySelector('legend') ??
      (control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null) ??
      control.closest('label');
    (caption ?? control).scrollIntoView({ block: 'start' });
    control.focus({ preventScroll: true });
  });
}
