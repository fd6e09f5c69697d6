/**
 * A fresh install's first steps, through the commands an operator runs (issue 44): on an empty
 * PostgreSQL database migrated by `npm run db:migrate`, with no seed, `npm run admin -- grant` and
 * `create-operator` (plain Node over the build, with a complete production setting) give a working
 * storefront and an owner who signs in to its `/console`. The commands' refusals (exit 2 for a bad
 * argument, 1 for a failure) write nothing. The site runs beside the commands on the same database:
 * the built server with local identity (the Auth emulator signs the people in; production refuses
 * it), no seed and no migration on start. Needs DATABASE_URL (CI: .ci/run's last stage); works on
 * its own database on that server, wayfarer_admin_cli, created empty and dropped at the end.
 */
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { request, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { onPostgres } from "../support/postgres-statement";
import { stretched } from "../support/time-limits";

const DATABASE_URL = process.env.DATABASE_URL;
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099";

/** This file's own database, beside DATABASE_URL's. */
const databaseUrl = (() => {
  const url = new URL(DATABASE_URL ?? "postgres://unused/none");
  url.pathname = "/wayfarer_admin_cli";
  return url.toString();
})();

const onServer = (text: string) => onPostgres(DATABASE_URL, text);

const query = <Row = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  onPostgres<Row>(databaseUrl, text, values);

/** A complete production setting (the preflight finds nothing missing) on this file's database. */
function productionEnv(): Record<string, string> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    APP_ENV: "production",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SMTP_URL: "smtp://127.0.0.1:2525",
    FIREBASE_PROJECT_ID: "wayfarer-prod-test",
    FIREBASE_API_KEY: "AIzaSyProductionTestKey",
    FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
      type: "service_account",
      project_id: "wayfarer-prod-test",
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      client_email: "server@wayfarer-prod-test.iam.gserviceaccount.com",
    }),
    PAYMENT_PROVIDER: "sandbox",
    APP_PUBLIC_URL: "https://app.example.com",
    STOREFRONT_PUBLIC_URL: "https://{slug}.app.example.com",
    TRUST_PROXY: "0",
    MESSAGE_LINK_SECRET: "a production test secret for unsubscribe links",
    TWO_STEP_KEY: "cHJvZHVjdGlvbi10ZXN0IHR3by1zdGVwIGtleSAzMmI=",
    LOG_LEVEL: "warn",
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command with only PATH, HOME and `env`: nothing of this shell's setting leaks in. */
function run(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

let production: Record<string, string>;
/** `npm run admin -- …` as an operator types it, with the production setting. */
const admin = (...args: string[]) => run("npm", ["run", "--silent", "admin", "--", ...args], production);

/** What a person signed up in the Auth emulator: their email, password and ID token. */
async function emulator(
  action: "signUp" | "signInWithPassword",
  email: string,
): Promise<{ idToken: string; localId: string }> {
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "admin-cli-password-1", returnSecureToken: true }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { idToken: string; localId: string };
}

/**
 * One request to the server at `origin` (any host: *.localhost names are answered by 127.0.0.1
 * here, as browsers do), without following a redirect.
 */
function ask(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(path, origin),
      {
        method: init.method ?? "GET",
        headers: init.headers,
        lookup: (_host, options, callback) =>
          options.all ? callback(null, [{ address: "127.0.0.1", family: 4 }]) : callback(null, "127.0.0.1", 4),
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

/** Signs `email` in on `origin` (the emulator's token posted to /auth/session): the session cookie. */
async function sessionCookie(origin: string, idToken: string): Promise<string> {
  const session = await ask(origin, "/auth/session", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({
      idToken,
      profile: {
        firstName: "Ines",
        lastName: "Owner",
        phone: "+12025550143",
        location: { address: "1 Main St", city: "Springfield", state: "IL", zipcode: "62701" },
      },
    }),
  });
  expect(session.status, session.body).toBe(200);
  const cookie = /__session=[^;]+/.exec(String(session.headers["set-cookie"] ?? ""))?.[0];
  if (!cookie) throw new Error(`no session cookie: ${session.body}`);
  return cookie;
}

/** What a refused command must not have written: every row a command writes, counted. */
const written = () =>
  query<{ accounts: number; members: number; invitations: number; outbox: number; admins: number; audit: number }>(
    `select (select count(*) from accounts)::int as accounts, (select count(*) from operator_members)::int as members,
       (select count(*) from operator_invitations)::int as invitations, (select count(*) from outbox)::int as outbox,
       (select count(*) from users where is_platform_admin)::int as admins,
       (select count(*) from platform_audit_log)::int as audit`,
  ).then((rows) => rows[0]);

/** The platform audit log's rows, oldest first: who, what, about which thing. */
const auditRows = () =>
  query("select actor_id, actor_email, action, target_type, target_id from platform_audit_log order by at, id");

describe.skipIf(!DATABASE_URL)("npm run admin on a fresh production database", () => {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const adminEmail = `platform-admin-${stamp}@example.com`;
  const ownerEmail = `Owner-${stamp}@Example.com`;
  const newcomerEmail = `newcomer-${stamp}@example.com`;
  let server: BuiltServer;

  beforeAll(async () => {
    production = productionEnv();
    await onServer(`drop database if exists wayfarer_admin_cli with (force)`);
    await onServer(`create database wayfarer_admin_cli`);
    const migrated = await run(process.execPath, ["scripts/db-migrate.mjs"], production);
    expect(migrated.code, migrated.stderr).toBe(0);
    // The site beside the commands: local identity (the emulator), no demo data, no migration.
    server = await startBuiltServer({
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: "",
        SEED_ON_START: "false",
        MIGRATE_ON_START: "false",
        JOBS_ENABLED: "false",
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
        FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-wayfarer",
        LOG_LEVEL: "warn",
      },
    });
  }, stretched(120_000));

  afterAll(async () => {
    await server?.stop();
    await onServer(`drop database if exists wayfarer_admin_cli with (force)`);
  }, stretched(30_000));

  it("answers --help, refuses a bad or missing argument with exit 2 and an unknown email with exit 1, writing nothing", async () => {
    const help = await admin("--help");
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run admin -- <command>/);
    for (const command of ["grant", "revoke", "create-operator", "list-operators", "reconcile-ledger"]) {
      expect(help.stdout).toContain(`  ${command} `);
      const own = await admin(command, "--help");
      expect(own.code, own.stderr).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^Usage: npm run admin -- ${command}`));
    }

    const before = await written();
    expect(before).toEqual({ accounts: 0, members: 0, invitations: 0, outbox: 0, admins: 0, audit: 0 });
    const refusals: Array<[string[], RegExp]> = [
      [[], /Name a command/],
      [["promote", "a@example.com"], /Unknown command 'promote'/],
      [["grant"], /EMAIL: Enter an email address\./],
      [["grant", "not-an-email"], /EMAIL: Enter a valid email address\./],
      [["grant", "a@example.com", "b@example.com"], /give one email address/],
      [["create-operator", "--slug", "porto-tours", "--name", "Porto"], /--owner-email: /],
      [
        ["create-operator", "--slug", "Not A Slug!", "--name", "X", "--owner-email", "x@example.com"],
        /--slug: [\s\S]*--currency: [\s\S]*--timezone: /,
      ],
      [[...operatorArgs("porto-tours", "x@example.com"), "--currency", "EURO"], /--currency: /],
      [[...operatorArgs("porto-tours", "x@example.com"), "--currency"], /Option '--currency <value>' argument missing/],
      [["list-operators", "--no-such-flag"], /Unknown option '--no-such-flag'/],
      [["reconcile-ledger", "--days", "0"], /--days: at least 1/],
      [["reconcile-ledger", "--days", "a week"], /--days: a whole number of days/],
    ];
    for (const [args, message] of refusals) {
      const refused = await admin(...args);
      expect(refused.code, `${args.join(" ")}: ${refused.stderr}`).toBe(2);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).toMatch(/Usage: npm run admin -- /);
    }
    const unknown = await admin("grant", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no user has the email nobody@example\.com: they must sign up and sign in once/);
    expect(await written()).toEqual(before);
  }, stretched(180_000));

  it("grant, then create-operator: a working storefront and an owner who signs in to its /console", async () => {
    // Two people sign up and sign in once on the marketplace: their users rows.
    const adminAccount = await emulator("signUp", adminEmail);
    await sessionCookie(server.origin, adminAccount.idToken);
    const ownerAccount = await emulator("signUp", ownerEmail);
    await sessionCookie(server.origin, ownerAccount.idToken);

    const granted = await admin("grant", adminEmail.toUpperCase());
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${adminEmail} is now a platform admin`);
    expect(await query("select id from users where is_platform_admin")).toEqual([{ id: adminAccount.localId }]);
    const again = await admin("grant", adminEmail);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("already is a platform admin");
    // One audit row: the grant that changed something, by the commands ("cli"), about that user.
    expect(await auditRows()).toEqual([
      { actor_id: null, actor_email: "cli", action: "admin.granted", target_type: "user", target_id: adminAccount.localId },
    ]);

    const created = await admin(...operatorArgs("lisbon-food-walks", ownerEmail), "--currency", "EUR");
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("lisbon-food-walks");
    const [operator] = await query<{ id: string; status: string }>(
      "select id, status, currency, timezone from accounts where slug = 'lisbon-food-walks'",
    );
    expect(operator).toMatchObject({ status: "active", currency: "EUR", timezone: "Europe/Lisbon" });
    expect(await query("select user_id, role from operator_members where account_id = $1", [operator.id])).toEqual([
      { user_id: ownerAccount.localId, role: "owner" },
    ]);
    expect((await auditRows()).at(-1)).toEqual({
      actor_id: null,
      actor_email: "cli",
      action: "operator.created",
      target_type: "operator",
      target_id: operator.id,
    });

    const listed = await admin("list-operators");
    expect(listed.code, listed.stderr).toBe(0);
    const [header, row] = listed.stdout.split("\n");
    expect(header).toMatch(/^SLUG\s+NAME\s+STATUS\s+CURRENCY\s+ZONE\s+OWNERS\s+CREATED$/);
    expect(row).toMatch(
      new RegExp(`^lisbon-food-walks\\s+Lisbon Food Walks\\s+active\\s+EUR\\s+Europe/Lisbon\\s+${ownerEmail.toLowerCase()}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`, "i"),
    );

    // The hosts the Firebase project must authorize: the app's, then the storefront's.
    const domains = await admin("authorized-domains");
    expect(domains.code, domains.stderr).toBe(0);
    expect(domains.stdout.trim().split("\n")).toEqual(["app.example.com", "lisbon-food-walks.app.example.com"]);

    // The slug is taken: refused, and nothing of the second operator (nor of its invitation) is written.
    const before = await written();
    const taken = await admin(...operatorArgs("lisbon-food-walks", newcomerEmail), "--currency", "EUR");
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toMatch(/lisbon-food-walks/);
    expect(await written()).toEqual(before);

    // The storefront answers, and its owner's session reaches the console.
    const storefront = `http://lisbon-food-walks.app.localhost:${server.port}`;
    const home = await ask(storefront, "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("Lisbon Food Walks");
    const owner = await emulator("signInWithPassword", ownerEmail);
    const cookie = await sessionCookie(storefront, owner.idToken);
    const consolePage = await ask(storefront, "/console", { headers: { Cookie: cookie } });
    expect(consolePage.status, consolePage.headers.location).toBe(200);
    // Someone else's session is not the owner's: the console stays shut to them.
    const stranger = await ask(storefront, "/console", {
      headers: { Cookie: await sessionCookie(storefront, (await emulator("signInWithPassword", adminEmail)).idToken) },
    });
    expect(stranger.status).not.toBe(200);
  }, stretched(180_000));

  it("create-operator for an email with no account: an owner invitation, emailed", async () => {
    const created = await admin(...operatorArgs("porto-boat-tours", newcomerEmail), "--currency", "EUR");
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/invit/i);
    const invitations = await query(
      `select i.email, i.role, i.accepted_at from operator_invitations i join accounts a on a.id = i.account_id
       where a.slug = 'porto-boat-tours'`,
    );
    expect(invitations).toEqual([{ email: newcomerEmail, role: "owner", accepted_at: null }]);
    expect(await query("select channel from outbox where recipient = $1", [newcomerEmail])).toEqual([{ channel: "email" }]);
    expect(await query("select count(*)::int as n from operator_members m join accounts a on a.id = m.account_id where a.slug = 'porto-boat-tours'")).toEqual([{ n: 0 }]);
    const listed = await admin("list-operators");
    expect(listed.stdout).toMatch(new RegExp(`porto-boat-tours .*${newcomerEmail} \\(invited\\)`));

    const revoked = await admin("revoke", adminEmail);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await query("select id from users where is_platform_admin")).toEqual([]);
  }, stretched(120_000));

  it("reconcile-ledger: no difference on a ledger that agrees; a payer's line naming no payment is reported, exit 1", async () => {
    const clean = await admin("reconcile-ledger");
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain("The ledger reconciles (all movements): no difference.");
    // Balanced (the database takes it), but a payer's money that names no provider's payment.
    await query(
      `insert into ledger_entries (transaction_key, line, kind, account, amount_minor, currency)
       values ('gift_card_issue:broken', 1, 'gift_card_issue', 'external:payments', -500, 'EUR'),
              ('gift_card_issue:broken', 2, 'gift_card_issue', 'platform:gift_cards', 500, 'EUR')`,
    );
    const broken = await admin("reconcile-ledger", "--days", "7");
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/The ledger does not reconcile \(the last 7 days\): \d+ difference/);
    expect(broken.stderr).toContain("payment_reference gift_card_issue:broken (EUR)");
    await query("delete from ledger_entries where transaction_key = 'gift_card_issue:broken'");
  }, stretched(60_000));

  it("npm run rates: prints the rates, sets one, refuses a bad one with exit 2", async () => {
    const rates = (...args: string[]) => run("npm", ["run", "--silent", "rates", "--", ...args], production);
    const set = await rates("EUR=1.25", "jpy=0.0067");
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/^EUR {2}1\.25 US cents per minor unit {2}\(/m);
    expect(set.stdout).toMatch(/^JPY {2}0\.67 US cents per minor unit/m);
    const bad = await rates("EUR=1.30", "EUR=-1");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^EUR=-1: Write each rate as CUR=dollars/);
    expect(await query("select usd_minor_micros from exchange_rates where currency = 'EUR'")).toEqual([
      { usd_minor_micros: 1_250_000 },
    ]);
  }, stretched(60_000));
});

/** create-operator's arguments but the currency. */
function operatorArgs(slug: string, ownerEmail: string): string[] {
  const name = slug
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
  return ["create-operator", "--slug", slug, "--name", name, "--owner-email", ownerEmail, "--timezone", "Europe/Lisbon"];
}
