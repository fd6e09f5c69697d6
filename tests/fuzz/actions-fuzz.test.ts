import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as bookingPage from "~/routes/_default.account.booking.$bookingId";
import * as notifications from "~/routes/_default.account.notifications";
import * as payments from "~/routes/_default.account.payments";
import * as personalInfo from "~/routes/_default.account.personal-info";
import * as security from "~/routes/_default.account.security";
import * as confirm from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import * as completeProfile from "~/routes/_login.complete-profile";
import * as login from "~/routes/_login.login";
import * as resetPassword from "~/routes/_login.reset-password";
import * as setPassword from "~/routes/_login.set-password";
import * as waiver from "~/routes/_login.waiver";
import * as sandboxCheckout from "~/routes/_plain.sandbox.checkout.$sessionId";
import * as logout from "~/routes/auth.logout";
import * as session from "~/routes/auth.session";
import { seedDbForThisFile } from "../api/helpers/api";
import { bookingUser, findService } from "../api/helpers/booking";
import { withEmulatorUsers } from "../api/helpers/identity";
import { args, ORIGIN, sessionFor } from "../routes/helpers";
import { encodePart, statusOf } from "./helpers";

/**
 * Hostile posts at every form action of the web app: random fields and values (NUL bytes,
 * huge strings, unknown intents), other content types, broken bodies, foreign origins, odd
 * params. An action may answer anything a browser can show (a page, a redirect, a 4xx), but
 * never throw an error that would be a 500.
 */
const { db } = seedDbForThisFile();
withEmulatorUsers();

const RUNS = Number(process.env.FUZZ_ACTION_RUNS ?? 600);
let cookie = "";
beforeAll(async () => {
  cookie = await sessionFor(await bookingUser(await findService(db(), "acme")));
});

type Action = (input: ReturnType<typeof args>) => unknown;
const ACTIONS: Array<{ path: string; action: Action; params: string[] }> = [
  { path: "/account/booking/:bookingId", action: bookingPage.action as Action, params: ["bookingId"] },
  { path: "/account/notifications", action: notifications.action as Action, params: [] },
  { path: "/account/payments", action: payments.action as Action, params: [] },
  { path: "/account/personal-info", action: personalInfo.action as Action, params: [] },
  { path: "/account/security", action: security.action as Action, params: [] },
  {
    path: "/experiences/:parentId/:serviceId/confirm",
    action: confirm.action as Action,
    params: ["parentId", "serviceId"],
  },
  { path: "/complete-profile", action: completeProfile.action as Action, params: [] },
  { path: "/login", action: login.action as Action, params: [] },
  { path: "/reset-password", action: resetPassword.action as Action, params: [] },
  { path: "/set-password", action: setPassword.action as Action, params: [] },
  { path: "/waiver", action: waiver.action as Action, params: [] },
  { path: "/sandbox/checkout/:sessionId", action: sandboxCheckout.action as Action, params: ["sessionId"] },
  { path: "/auth/logout", action: logout.action as Action, params: [] },
  { path: "/auth/session", action: session.action as Action, params: [] },
];

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("\u0000", "a\u0000b", "undefined", "//evil.com", "/.//evil.com", "x".repeat(20_000), "-1", ""),
);
const FIELDS = [
  "intent",
  "id",
  "email",
  "password",
  "currentPassword",
  "code",
  "phone",
  "firstName",
  "lastName",
  "address",
  "city",
  "state",
  "zipcode",
  "redirectUrl",
  "idToken",
  "idempotencyKey",
  "promoCode",
  "paymentMethod",
  "cardNumber",
  "expiry",
  "cvc",
  "signedName",
  "agree",
  "textVersion",
];
const INTENTS = ["password", "signup", "link", "name", "phone", "email", "location", "cancel", "one", "all", "remove"];

const post = fc.record({
  target: fc.constantFrom(...ACTIONS),
  params: fc.array(text, { minLength: 2, maxLength: 2 }),
  fields: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), text), text, { maxKeys: 8 }),
  intent: fc.option(fc.constantFrom(...INTENTS), { nil: undefined }),
  contentType: fc.constantFrom(
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded",
    "application/json",
    "multipart/form-data; boundary=x",
    "text/plain",
    "",
  ),
  origin: fc.constantFrom(ORIGIN, ORIGIN, "https://evil.example", "null", ""),
  signedIn: fc.boolean(),
  method: fc.constantFrom("POST", "POST", "PUT", "DELETE", "PATCH"),
});

function bodyFor(contentType: string, fields: Record<string, string>): string {
  if (contentType.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams(fields).toString();
  if (contentType === "application/json") return JSON.stringify(fields);
  if (contentType.startsWith("multipart")) return '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'; // no end
  return Object.values(fields).join("\n");
}

describe("fuzzing the form actions", () => {
  it(`answers ${RUNS} hostile posts without a 500`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(post, async (input) => {
        const fields = { ...input.fields, ...(input.intent ? { intent: input.intent } : {}) };
        const params = Object.fromEntries(input.target.params.map((name, index) => [name, input.params[index]]));
        let path = input.target.path;
        for (const [name, value] of Object.entries(params)) path = path.replace(`:${name}`, encodePart(value));
        const headers = new Headers();
        if (input.contentType) headers.set("Content-Type", input.contentType);
        if (input.origin) headers.set("Origin", input.origin);
        if (input.signedIn) headers.set("Cookie", cookie);
        const request = new Request(new URL(path, ORIGIN), {
          method: input.method,
          headers,
          body: bodyFor(input.contentType, fields),
        });
        const status = await statusOf(`${input.method} ${path}`, () => input.target.action(args(request, params)));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, `${input.method} ${path}`).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    console.info(`fuzz actions: ${RUNS} posts, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 600_000);
});
