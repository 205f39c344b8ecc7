import type { TestProject } from 'vitest/node';
import { sharedDemoTemplate, startPortal } from './portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/**
 * The demo town seeded once into a template (a portal started on an empty directory, then stopped; under
 * `npm test`, the one scripts/test.ts seeded for both suites), then the shared portal for the HTTP
 * integration tests started on a copy of it. Test files that need a portal of their own copy the template
 * too (RSP_DEMO_TEMPLATE, read by startPortal in the test workers).
 */
export default async function setup(project: TestProject) {
  const template = await sharedDemoTemplate();
  const portal = await startPortal();
  // The files that share this portal would each fail with "fetch failed": say once why it stopped.
  let stopping = false;
  portal.process.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `The shared test portal exited (code ${code}, signal ${signal}). Its output:\n${portal.output().slice(-20_000)}`,
      );
  });
  project.provide('baseURL', portal.url);
  project.provide('dataDir', portal.dataDir);
  return async () => {
    stopping = true;
    await portal.stop();
    template.remove();
  };
}
