/**
 * Every action, grouped by concept. Each is a public URL under /_actions/<group>.<name>: every handler
 * checks the role and ownership it needs itself (src/actions/guard.ts).
 */
import { accounts } from './accounts.ts';
import { mail } from './mail.ts';
import { requests } from './requests.ts';

export const server = {
  accounts,
  mail,
  requests,
};
