/** `npm start`, `npm run serve`, the browser tests and startPortal (integration tests, bench) run the server with the same V8 flags. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SERVER_NODE_FLAGS } from '../support/portal.ts';

describe('server start-up flags', () => {
  it('package.json starts the server with the flags the tests and the bench use', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    for (const name of ['start', 'serve']) {
      expect(scripts[name]).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.ts`);
    }
  });

  it('the browser tests start their portals through startPortal, which gives the same flags', () => {
    const fixtures = fs.readFileSync(path.join(ROOT, 'tests/e2e/fixtures.ts'), 'utf8');
    expect(fixtures).toMatch(/await startPortal\(/);
    const config = fs.readFileSync(path.join(ROOT, 'playwright.config.ts'), 'utf8');
    expect(config, 'no server of its own, with other flags').not.toMatch(/webServer/);
    const portal = fs.readFileSync(path.join(ROOT, 'tests/support/portal.ts'), 'utf8');
    expect(portal).toContain("[...SERVER_NODE_FLAGS, path.join(ROOT, 'scripts/start.ts')");
  });
});
