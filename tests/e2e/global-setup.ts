/**
 * Seed the demo town once into a template, as the vitest global setup does: every browser-test worker's
 * portal, and every journey that starts a portal of its own, copies it instead of seeding again.
 */
import fs from 'node:fs';
import { seedDemoTemplate } from '../support/portal.ts';

export default async function globalSetup(): Promise<() => void> {
  const template = await seedDemoTemplate('rsp-e2e-template-');
  return () => fs.rmSync(template, { recursive: true, force: true });
}
