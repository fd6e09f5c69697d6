import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as root from "~/root";
import * as accountHome from "~/routes/_account.account._index";
import * as bookingPage from "~/routes/_default.account.booking.$bookingId";
import * as bookings from "~/routes/_default.account.bookings.($filter)";
import * as notifications from "~/routes/_default.account.notifications";
import * as payments from "~/routes/_default.account.payments";
import * as personalInfo from "~/routes/_default.account.personal-info";
import * as receipt from "~/routes/_default.account.receipt.$bookingId";
import * as security from "~/routes/_default.account.security";
import * as details from "~/routes/_details.experiences.$parentId.$serviceId._index";
import * as confirm from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import * as returnPage from "~/routes/_details.experiences.$parentId.$serviceId.return.$bookingId";
import * as catalogSlice from "~/routes/_home.$";
import * as login from "~/routes/_login.login";
import * as sandboxCheckout from "~/routes/_plain.sandbox.checkout.$sessionId";
import * as calendar from "~/routes/account.booking.$bookingId.calendar";
import { seedDbForThisFile } from "../api/helpers/api";
import { bookingUser, findService } from "../api/helpers/booking";
import { withEmulatorUsers } from "../api/helpers/identity";
import { args, sessionFor } from "../routes/helpers";
import { encodePart, statusOf } from "./helpers";

/**
 * Hostile addresses at the loaders of the pages: odd route params, query strings full of NUL
 * bytes, huge values, encoded slashes, unknown keys; signed in or not, on the site or a
 * storefront host. A loader may answer a page, a redirect or a 4xx, never throw a 500.
 */
const { db } = seedDbForThisFile();
withEmulatorUsers();

const RUNS = Number(process.env.FUZZ_LOADER_RUNS ?? 400);
let cookie = "";
beforeAll(async () => {
  cookie = await sessionFor(await bookingUser(await findService(db(), "acme")));
});

type Loader = (input: ReturnType<typeof args>) => unknown;
const LOADERS: Array<{ path: string; loader: Loader; params: string[] }> = [
  { path: "/", loader: root.loader as Loader, params: [] },
  { path: "/account", loader: accountHome.loader as Loader, params: [] },
  { path: "/account/booking/:bookingId", loader: bookingPage.loader as Loader, params: ["bookingId"] },
  { path: "/account/bookings/:filter", loader: bookings.loader as Loader, params: ["filter"] },
  { path: "/account/notifications", loader: notifications.loader as Loader, params: [] },
  { path: "/account/payments", loader: payments.loader as Loader, params: [] },
  { path: "/account/personal-info", loader: personalInfo.loader as Loader, params: [] },
  { path: "/account/receipt/:bookingId", loader: receipt.loader as Loader, params: ["bookingId"] },
  { path: "/account/security", loader: security.loader as Loader, params: [] },
  {
    path: "/experiences/:parentId/:serviceId",
    loader: details.loader as Loader,
    params: ["parentId", "serviceId"],
  },
  {
    path: "/experiences/:parentId/:serviceId/confirm",
    loader: confirm.loader as Loader,
    params: ["parentId", "serviceId"],
  },
  {
    path: "/experiences/:parentId/:serviceId/return/:bookingId",
    loader: returnPage.loader as Loader,
    params: ["parentId", "serviceId", "bookingId"],
  },
  { path: "/:slug", loader: catalogSlice.loader as Loader, params: ["*"] },
  { path: "/login", loader: login.loader as Loader, params: [] },
  { path: "/sandbox/checkout/:sessionId", loader: sandboxCheckout.loader as Loader, params: ["sessionId"] },
  { path: "/account/booking/:bookingId/calendar", loader: calendar.loader as Loader, params: ["bookingId"] },
];

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "undefined",
    "//evil.com",
    "/.//evil.com",
    "x".repeat(5000),
    "-1",
    "0",
    "9".repeat(30),
    "2026-02-30",
    "hudson-river-kayak",
    "bk_AAAAAAAAAAAAAAAA",
    "",
  ),
);
const QUERY_KEYS = ["page", "q", "date", "slot", "promo", "redirectUrl", "filter", "cancel", "errorCode", "sort"];

const visit = fc.record({
  target: fc.constantFrom(...LOADERS),
  params: fc.array(text, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), text), text, { maxKeys: 4 }),
  signedIn: fc.boolean(),
  host: fc.constantFrom("localhost:3000", "localhost:3000", "acme.app.localhost:3000", "nope.app.localhost:3000"),
});

describe("fuzzing the page loaders", () => {
  it(`answers ${RUNS} hostile addresses without a 500`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(visit, async (input) => {
        const params = Object.fromEntries(input.target.params.map((name, index) => [name, input.params[index]]));
        let path = input.target.path;
        for (const [name, value] of Object.entries(params))
          path = path.replace(`:${name === "*" ? "slug" : name}`, encodePart(value));
        const search = Object.entries(input.query)
          .map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`)
          .join("&");
        const headers = new Headers({ Host: input.host });
        if (input.signedIn) headers.set("Cookie", cookie);
        const url = new URL(`${path}${search ? `?${search}` : ""}`, `http://${input.host}`);
        const request = new Request(url, { headers });
        const status = await statusOf(`GET ${url}`, () => input.target.loader(args(request, params)));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, `GET ${url}`).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    console.info(`fuzz loaders: ${RUNS} visits, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 600_000);
});
