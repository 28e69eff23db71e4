/**
 * Admin CLI: `npm run admin -- <command> --flag value`. Prints the resulting user as one JSON line. The
 * commands, their flags and where they run are in admin-command.ts.
 */
import { ADMIN_USAGE, adminCommand } from './admin-command.ts';
import { runAsProgram } from './program.ts';

runAsProgram(adminCommand, { usage: ADMIN_USAGE });
