import type { TestProject } from 'vitest/node';
import { startPortal } from './portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** One portal on a fresh data directory (demo town loaded) for every HTTP integration test. */
export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('baseURL', portal.url);
  project.provide('dataDir', portal.dataDir);
  return async () => {
    await portal.stop();
  };
}
