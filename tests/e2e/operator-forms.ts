/** Filling the operator's forms, for the browser tests that file them. */
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect } from './fixtures.ts';

export async function pdfBuffer(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save());
}

/** The time an hour ago in town time, as the form's time input wants it. */
function anHourAgo(): { date: string; time: string } {
  const at = new Date(Date.now() - 3_600_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Fills the inspection report form open on `page` as a qualified inspector would after a routine inspection an
 * hour ago, with a signed PDF, without sending it. The time it was filled for.
 */
export async function fillInspectionReport(page: Page): Promise<{ date: string; time: string }> {
  const when = anHourAgo();
  await page.getByLabel('Date of inspection').fill(when.date);
  await page.getByLabel('Time it began').fill(when.time);
  await page
    .getByRole('group', { name: /Type of inspection/ })
    .getByLabel('Routine inspection')
    .check();
  await expect(page.getByLabel('Qualified inspector', { exact: false }).first()).not.toHaveValue('');
  await page.getByLabel('Weather at the inspection').fill('Overcast, 38°F');
  await page.getByLabel('Disturbed, worked in the last 14 days (acres)').fill('2.2');
  await page.getByLabel('Disturbed, no work for 14 days (acres)').fill('0.3');
  await page.getByLabel('Temporarily stabilized (acres)').fill('1.0');
  await page.getByLabel('Finally stabilized (acres)').fill('0.5');
  // Every practice carried from the last report gets its sediment reading and the condition found (none is preselected).
  const names = page.locator('input[name^="practice."][name$=".name"]');
  for (let i = 0; i < (await names.count()); i++) {
    if (!(await names.nth(i).inputValue())) continue;
    const condition = page.locator(`select[name="practice.${i}.condition"]`);
    await expect(condition).toHaveValue('');
    await page.locator(`input[name="practice.${i}.pct"]`).fill(String(10 + i));
    await condition.selectOption('good');
  }
  await page
    .getByRole('group', { name: /Rill or gully erosion/ })
    .getByLabel('No')
    .check();
  await page
    .getByRole('group', { name: /Sediment leaving the site/ })
    .getByLabel('No')
    .check();
  await page.getByLabel('What must be done').first().fill('Sweep the Altamont Avenue entrance');
  await page.getByLabel('Responsible party').first().fill('Kings Road Site Development Corp.');
  await page.getByLabel('Due by').first().fill(when.date);
  await page
    .getByLabel('Signed inspection report (PDF)')
    .setInputFiles({ name: 'signed-inspection.pdf', mimeType: 'application/pdf', buffer: await pdfBuffer(3) });
  return when;
}
