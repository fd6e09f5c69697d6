// `npm run admin -- <command>`: the platform's first-run and upkeep commands (build/api/admin.js,
// from api/cli/admin.ts). Plain Node over the build, so they run in the production image as
// db:migrate does. The command line is read here (--help needs neither the build nor a database);
// the arguments' rules and the work are the build's.
import { importBuilt, readCommandLine, reportFailure } from "./cli.mjs";

const settings = `Reads the API's settings: DATABASE_URL, or locally the PGlite directory PGLITE_DIR (default
./data/pglite; stop the server first, PGlite has one writer). With APP_ENV=production they must be
complete. The database must be migrated (npm run db:migrate). Needs the build (npm run build).`;

const COMMANDS = {
  grant: {
    summary: "make an existing user a platform admin",
    usage: `
Usage: npm run admin -- grant EMAIL

Makes the user with this email a platform admin (the admin pages; they need two-step sign-in there).
The user must have signed up and signed in once; an unknown email changes nothing (exit 1).
${settings}
  -h, --help  this text`,
    positionals: true,
  },
  revoke: {
    summary: "make a platform admin an ordinary user again",
    usage: `
Usage: npm run admin -- revoke EMAIL

The user with this email is no longer a platform admin. An unknown email changes nothing (exit 1).
${settings}
  -h, --help  this text`,
    positionals: true,
  },
  "create-operator": {
    summary: "create an operator, its storefront and its owner",
    usage: `
Usage: npm run admin -- create-operator --slug SLUG --name NAME --owner-email EMAIL
                                        --currency CUR --timezone ZONE

Creates an operator with its storefront (https://SLUG.<base domain>) and makes the user with
EMAIL its owner; an email with no account yet is sent an owner invitation instead. All or nothing:
a taken slug, or any other failure, writes nothing (exit 1).
  --slug SLUG          the storefront's address: 3–40 lower-case letters, digits and dashes (not
                       first or last), not a reserved name (www, api, admin, console, mail…)
  --name NAME          the operator's name, as travellers see it
  --owner-email EMAIL  the owner's email
  --currency CUR       the operator's currency, ISO 4217 (EUR, USD, JPY…)
  --timezone ZONE      its time zone, an IANA name (Europe/Lisbon, America/New_York…)
${settings}
  -h, --help           this text`,
    options: {
      slug: { type: "string" },
      name: { type: "string" },
      "owner-email": { type: "string" },
      currency: { type: "string" },
      timezone: { type: "string" },
    },
  },
  "list-operators": {
    summary: "every operator: slug, name, status, currency, zone, owners, created",
    usage: `
Usage: npm run admin -- list-operators

Prints every operator as a table, oldest first: slug, name, status, currency, time zone, owners
(open owner invitations marked "invited") and when it was created.
${settings}
  -h, --help  this text`,
  },
  "reconcile-ledger": {
    summary: "check the money ledger against itself, the bookings and the payment provider",
    usage: `
Usage: npm run admin -- reconcile-ledger [--days N]

Runs the nightly reconciliation now: every ledger transaction and the whole ledger sum to zero,
each paid booking, tip and gift card has its entries, and each payment agrees with the payment
provider's records. Prints "no difference" (exit 0) or each difference (exit 1). Writes nothing.
  --days N    only movements of the last N days (1–3650; default: all of them)
${settings}
  -h, --help  this text`,
    options: { days: { type: "string" } },
  },
  "authorized-domains": {
    summary: "the domains the Firebase project must authorize: the app's and each storefront's",
    usage: `
Usage: npm run admin -- authorized-domains

Prints, one a line, the hosts the Firebase project must list as authorized domains for sign-in:
the app's (APP_PUBLIC_URL), then each operator's storefront (STOREFRONT_PUBLIC_URL with its slug),
oldest first. Firebase takes no wildcard: add each new operator's host (docs/deploy.md, Firebase).
Writes nothing.
${settings}
  -h, --help  this text`,
  },
};

const usage = `
Usage: npm run admin -- <command> [arguments]     (node scripts/admin.mjs)

The platform's own commands, for the first steps after deploying (docs/deploy.md) and its upkeep:
${Object.entries(COMMANDS)
  .map(([name, { summary }]) => `  ${name.padEnd(16)} ${summary}`)
  .join("\n")}

npm run admin -- <command> --help says more about each. A bad or missing argument: exit 2;
a failure: exit 1, with nothing written.
  -h, --help  this text`;

const argv = process.argv.slice(2);
const [command, ...rest] = argv;
if (command === undefined || command.startsWith("-")) {
  // --help, or an unknown flag (exit 2), as every script does.
  readCommandLine({ usage, argv });
  process.stderr.write(`Name a command.\n\n${usage.trim()}\n`);
  process.exit(2);
}
const spec = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
if (!spec) {
  process.stderr.write(`Unknown command '${command}'\n\n${usage.trim()}\n`);
  process.exit(2);
}
const input = readCommandLine({ usage: spec.usage, options: spec.options, positionals: spec.positionals, argv: rest });
const { runAdminCommand } = await importBuilt("admin", `admin ${command}`);
try {
  console.log(await runAdminCommand(command, input));
} catch (error) {
  process.exitCode = reportFailure(error, spec.usage);
}
