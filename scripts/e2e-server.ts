/**
 * The browser tests' server: wipes DATA_DIR (always a throwaway directory set by playwright.config.ts),
 * then starts the built portal on it, so every run begins with a fresh demo town.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !path.resolve(dataDir).startsWith(os.tmpdir())) {
  console.error('e2e-server: DATA_DIR must be a directory under the system temp dir.');
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
await import('./start.ts');
