/**
 * `npm run admin -- <command>` (scripts/admin.mjs reads the command line and runs this, bundled as
 * build/api/admin.js): the platform's first-run and upkeep commands, in the production image with
 * plain Node. Each command's arguments are held to the contract's rules before the database is
 * opened (a bad one: ArgumentProblem, exit 2); each write is one transaction with its row of the
 * platform audit log (actor "cli"), so a failure leaves nothing half-written (CommandFailure, exit 1).
 */
import { z } from "zod";
import { emailAddress } from "~contract/fields";
import type { Db } from "../db/client";
import { writePlatformAudit, type PlatformActor } from "../platform/audit";
import { ArgumentProblem, checkArguments } from "./arguments";
import { authorizedDomainsCommand } from "./authorized-domains";
import { createdOperatorReport, createOperatorByCommand, readOperatorOptions } from "./create-operator";
import { withCommandDatabase } from "./database";
import { listOperators, operatorTable } from "./operator-list";
import { setPlatformAdmin } from "./platform-admins";
import { reconcileLedgerCommand } from "./reconcile-ledger";

export { ArgumentProblem } from "./arguments";
export { CommandFailure } from "./database";

/** Who the platform audit log says acted: the commands, no user. */
export const CLI_ACTOR: PlatformActor = { userId: null, email: "cli", clientAddress: "cli" };

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
  const change = await withCommandDatabase(({ db }) =>
    setPlatformAdmin(db, email, admin, (tx: Db, { userId }) =>
      writePlatformAudit(tx, CLI_ACTOR, admin ? "admin.granted" : "admin.revoked", userId, {
        before: { email, isPlatformAdmin: !admin },
        after: { email, isPlatformAdmin: admin },
      }),
    ),
  );
  if (!change.changed) return `${email} ${admin ? "already is" : "is not"} a platform admin: nothing changed`;
  return admin
    ? `${email} is now a platform admin (user ${change.userId}). The admin pages need two-step sign-in: ` +
        "they set it up on /account/security."
    : `${email} is no longer a platform admin (user ${change.userId})`;
}

async function createOperatorCommand({ values }: CommandInput): Promise<string> {
  const operator = readOperatorOptions(values);
  const created = await withCommandDatabase(({ db }) =>
    db.transaction((tx) =>
      createOperatorByCommand(tx, operator, (done) =>
        writePlatformAudit(tx, CLI_ACTOR, "operator.created", done.accountId, {
          before: null,
          after: { ...operator, ownerUserId: done.ownerUserId, invitationId: done.invitationId },
        }),
      ),
    ),
  );
  return createdOperatorReport(operator, created);
}

const COMMANDS: Record<string, (input: CommandInput) => Promise<string>> = {
  grant: (input) => grantOrRevoke(input, true),
  revoke: (input) => grantOrRevoke(input, false),
  "create-operator": createOperatorCommand,
  "list-operators": () => withCommandDatabase(async ({ db }) => operatorTable(await listOperators(db))),
  "reconcile-ledger": ({ values }) => reconcileLedgerCommand(values),
  "authorized-domains": authorizedDomainsCommand,
};

/** Runs `command`; what it prints on success. */
export function runAdminCommand(command: string, input: CommandInput): Promise<string> {
  const run = COMMANDS[command];
  if (!run) throw new ArgumentProblem(`Unknown command '${command}'`);
  return run(input);
}
