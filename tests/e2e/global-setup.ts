/**
 * Seed the demo town once into a template (a portal started on an empty directory, then stopped), as
 * the vitest global setup does: every browser-test worker's portal, and every journey that starts a
 * portal of its own, copies it (RSP_DEMO_TEMPLATE, read by startPortal) instead of seeding again.
 */
import fs from 'node:fs';
import { startPortal, tempDir } from '../support/portal.ts';

export default async function globalSetup(): Promise<() => void> {
  const template = tempDir('rsp-e2e-template-');
  const seeding = await startPortal({ dataDir: template });
  await seeding.stop();
  process.env.RSP_DEMO_TEMPLATE = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
