/**
 * `npm run admin -- <command>` (scripts/admin.mjs reads the command line and runs this, bundled as
 * build/api/admin.js): the platform's first-run and upkeep commands, in the production image with
 * plain Node. Each command's arguments are held to the contract's rules before the database is
 * opened (a bad one: ArgumentProblem, exit 2); each write is one transaction with its audit row
 * (actor "cli"), so a failure leaves nothing half-written (CommandFailure, exit 1).
 */
import { z } from "zod";
import { emailAddress } from "~contract/fields";
import { ArgumentProblem, checkArguments } from "./arguments";
import { withCommandDatabase } from "./database";
import { listOperators, operatorTable } from "./operator-list";
import { setPlatformAdmin } from "./platform-admins";

export { ArgumentProblem } from "./arguments";
export { CommandFailure } from "./database";

/** What the command line gave a command: its options (--name value) and its plain arguments. */
export interface CommandInput {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** The one EMAIL a command takes. */
function oneEmail({ positionals }: CommandInput): string {
  if (positionals.length > 1) throw new ArgumentProblem(`EMAIL: give one email address (got ${positionals.length})`);
  return checkArguments(z.object({ email: emailAddress }), { email: positionals[0] }, { email: "EMAIL" }).email;
}

async function grantOrRevoke(input: CommandInput, admin: boolean): Promise<string> {
  const email = oneEmail(input);
  const change = await withCommandDatabase(({ db }) => setPlatformAdmin(db, email, admin, async () => undefined));
  if (!change.changed) return `${email} ${admin ? "already is" : "is not"} a platform admin: nothing changed`;
  return admin
    ? `${email} is now a platform admin (user ${change.userId}). The admin pages need two-step sign-in: ` +
        "they set it up on /account/security."
    : `${email} is no longer a platform admin (user ${change.userId})`;
}

const COMMANDS: Record<string, (input: CommandInput) => Promise<string>> = {
  grant: (input) => grantOrRevoke(input, true),
  revoke: (input) => grantOrRevoke(input, false),
  "list-operators": () => withCommandDatabase(async ({ db }) => operatorTable(await listOperators(db))),
};

/** Runs `command`; what it prints on success. */
export function runAdminCommand(command: string, input: CommandInput): Promise<string> {
  const run = COMMANDS[command];
  if (!run) throw new ArgumentProblem(`Unknown command '${command}'`);
  return run(input);
}
