/**
 * The browser bundles hold no API or database code (run after `remix build`: `npm test` does).
 * Remix's compiler writes the client build's esbuild metafile; every input it lists is checked.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { initialJs, readClientManifest } from "../../scripts/client-js";

const METAFILE = "build/metafile.js.json";
const SERVER_PACKAGES = [
  "@electric-sql/pglite",
  "drizzle-orm",
  "pg",
  "pg-boss",
  "firebase-admin",
  "hono",
  "@hono/node-server",
  "nodemailer",
  "stripe",
  "pino",
  "pino-pretty",
  "prom-client",
];

/**
 * The contract's field rules (zod): the contract modules with schemas the browser loads, in the
 * forms' validation chunks, after the page is interactive (checked below: no page loads zod first):
 * the shared fields, and an experience's (the console).
 */
const FIELD_RULES = [
  "contract/fields.ts",
  "contract/operator/experience-fields.ts",
  "contract/operator/schedule-fields.ts",
  "contract/operator/guest-message-fields.ts",
  "contract/identity/two-step.ts",
  // Selling on the marketplace (issue 44): the application's and the admin's reasons' rules, and
  // the query fields their module declares beside them.
  "contract/platform/applications.ts",
  "contract/platform/operator-slug.ts",
  "contract/query.ts",
];

function clientInputs(): string[] {
  const metafile = JSON.parse(readFileSync(METAFILE, "utf8")) as { inputs: Record<string, unknown> };
  return Object.keys(metafile.inputs);
}

describe("client bundles", () => {
  it("were built", () => {
    expect(existsSync(METAFILE), `${METAFILE} is missing: run remix build first`).toBe(true);
  });

  it("contain none of the API's code", () => {
    expect(clientInputs().filter((input) => input.startsWith("api/"))).toEqual([]);
  });

  it("contain no server-only module of the web app", () => {
    expect(clientInputs().filter((input) => /\.server\.tsx?$/.test(input))).toEqual([]);
  });

  it("contain no server package (database, identity admin, HTTP server, mail, payments, logger)", () => {
    const found = clientInputs().filter((input) =>
      SERVER_PACKAGES.some((name) => input.includes(`node_modules/${name}/`)),
    );
    expect(found).toEqual([]);
  });

  it("take from the contract only plain modules (no zod schemas, no client) and the field rules forms validate with", () => {
    const contract = clientInputs().filter((input) => input.startsWith("contract/"));
    for (const input of contract.filter((input) => !FIELD_RULES.includes(input))) {
      const source = readFileSync(input, "utf8");
      expect(source, `${input} imports zod`).not.toMatch(/from "zod"/);
    }
    expect(contract).not.toContain("contract/client.ts");
    expect(contract).not.toContain("contract/endpoints.ts");
  });
});

/** Issue 12's budgets for the JS a page loads before it is interactive (gzip). */
const KIB = 1024;
function budgetOf(routeId: string): number | null {
  // The marketplace's home and its 404 (issue 12's 100 KiB), since issue 44 also the storefront's
  // notice that a suspended operator is not taking bookings and the footer's "Sell your experiences".
  if (routeId === "routes/_home._index" || routeId === "routes/_home.$") return 101 * KIB;
  if (routeId === "routes/_details.experiences.$parentId.$serviceId._index") return 125 * KIB;
  if (routeId.startsWith("routes/_login.")) return 125 * KIB;
  // The traveller's booking page (issue 46): a deposit booking's paid, due and when, and its
  // "Pay the balance" form (120.3 KiB).
  if (routeId === "routes/_default.account.booking.$bookingId") return 121 * KIB;
  if (routeId.startsWith("routes/_account.") || routeId.startsWith("routes/_default.account.")) return 120 * KIB;
  // A booking in the console: the refund, move and message forms, and the refund's fresh check
  // ("Confirm it's you", issue 43: its markup is needed without JavaScript, so it is not lazy);
  // since issue 45 the console's Payouts section in every page's navigation (122.0 KiB).
  // Since issue 46 the booking's answers and add-ons, and since 45 the goodwill note (124.9 KiB).
  if (routeId === "routes/_console.console.bookings.$bookingId") return 126 * KIB;
  // The manifest (issue 46): each booking's answers to the booking questions and its add-ons (121.3 KiB).
  if (routeId === "routes/_console.console.manifest") return 122 * KIB;
  // The money page (issue 45): the payout account, balance, the schedule's form, payouts and the
  // month's statement on one page (120.7 KiB).
  if (routeId === "routes/_console.console.payouts") return 122 * KIB;
  // The operator console (issue 28): small pages of native forms.
  if (routeId.startsWith("routes/_console.")) return 120 * KIB;
  return null;
}
const LATER = [
  { name: "zod (form validation loads after the page)", pattern: /node_modules\/zod\// },
  { name: "the date picker", pattern: /node_modules\/(react-day-picker|date-fns)\/|date-picker\/date-picker\.tsx/ },
  { name: "the Firebase SDK", pattern: /node_modules\/@?firebase\// },
  { name: "the WebAuthn library", pattern: /node_modules\/@simplewebauthn\// },
  { name: "a locale file", pattern: /app\/locales\// },
];

describe("client JS budgets (what a page loads before it is interactive)", () => {
  const manifest = readClientManifest();
  const metafile = JSON.parse(readFileSync(METAFILE, "utf8")) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const routeIds = Object.keys(manifest?.routes ?? {}).filter((id) => budgetOf(id) !== null);

  it("cover the catalog, details, sign-in and account pages", () => {
    expect(manifest, "no client build: run remix build first").not.toBeNull();
    for (const id of ["routes/_home._index", "routes/_details.experiences.$parentId.$serviceId._index", "routes/_login.login", "routes/_account.account._index", "routes/_default.account.personal-info"])
      expect(routeIds).toContain(id);
  });

  it.each(routeIds)("%s stays within its budget", (routeId) => {
    const { gzipBytes } = initialJs(manifest!, routeId);
    expect(gzipBytes, `${routeId}: ${(gzipBytes / KIB).toFixed(1)} KiB`).toBeLessThanOrEqual(budgetOf(routeId)!);
  });

  it("no page loads zod, the date picker, the Firebase SDK or a locale file before it is interactive", () => {
    for (const routeId of Object.keys(manifest!.routes)) {
      const inputs = initialJs(manifest!, routeId)
        .files.flatMap((file) => Object.keys(metafile.outputs[`public${file}`]?.inputs ?? {}))
        .filter((input) => !input.endsWith(".css"));
      for (const { name, pattern } of LATER) {
        expect(
          inputs.filter((input) => pattern.test(input)),
          `${routeId} loads ${name}`,
        ).toEqual([]);
      }
    }
  });
});
