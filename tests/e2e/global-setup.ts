/**
 * The demo town seeded once into a template, as the vitest global setup does (under `npm test`, the one
 * scripts/test.ts seeded for both suites): every browser-test worker's portal, and every journey that
 * starts a portal of its own, copies it instead of seeding again.
 */
import { sharedDemoTemplate } from '../support/portal.ts';

export default async function globalSetup(): Promise<() => void> {
  const template = await sharedDemoTemplate('rsp-e2e-template-');
  return template.remove;
}
