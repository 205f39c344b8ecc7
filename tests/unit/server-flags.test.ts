/** `npm start`, `npm run serve` and the tests and bench (startPortal) run the server with the same V8 flags. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SERVER_NODE_FLAGS } from '../support/portal.ts';

describe('server start-up flags', () => {
  it('package.json starts the server with the flags the tests and the bench use', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    for (const name of ['start', 'serve']) {
      expect(scripts[name]).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.ts`);
    }
  });
});
