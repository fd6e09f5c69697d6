import { describe, expect, it } from "vitest";
import * as route from "~/routes/_default.account.personal-info";
import { seedDbForThisFile } from "../support/api";
import { createEmailLinkUser, outboxFor, uniqueEmail, withEmulatorUsers } from "../support/identity";
import { args, outcome, pageRequest, sessionFor, sessionSetBy, signedInUser, loaded, posted } from "../support/routes";
import { v1 } from "../support/client";

seedDbForThisFile();
withEmulatorUsers();

const PAGE = "/account/personal-info";
const PROFILE = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "+15551234567",
  location: { address: "12 Analytical Way", city: "Boston", state: "MA", zipcode: "02118" },
};

const post = (cookie: string, form: Record<string, string>, origin?: string) =>
  outcome(() => route.action(args(pageRequest(PAGE, { cookie, form, origin })) as never));
const load = (cookie: string) => loaded(route, PAGE, cookie);
const codeIn = async (recipient: string) => /\b(\d{6})\b/.exec((await outboxFor(recipient))[0].textBody)![1];

describe("/account/personal-info", () => {
  it("shows the user's facts; saving the name redirects with a message shown once", async () => {
    const { cookie } = await signedInUser(PROFILE);
    const page = await load(cookie);
    expect(page.data.info).toMatchObject({ firstName: "Ada", phone: "+15551234567", pendingPhone: null });
    const saved = await post(cookie, { intent: "name", firstName: "Grace", lastName: "Hopper" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PAGE);
    const flash = saved.headers.get("Set-Cookie")!.split(";")[0];
    const after = await load(`${cookie}; ${flash}`);
    expect(after.data.flash).toBe("personalInfo.nameSaved");
    expect(after.data.info).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
    expect(after.headers.get("Set-Cookie")).toMatch(/^flash=;.*Max-Age=0/);
  });

  it("changes the phone in two steps; a wrong code is an error beside the code field", async () => {
    const { cookie } = await signedInUser(PROFILE);
    const invalid = await post(cookie, { intent: "phone", phone: "12" });
    expect(invalid.data.result.error.phone).toEqual(["validation.phoneInvalid"]);
    expect((await post(cookie, { intent: "phone", phone: "(555) 700-0001" })).status).toBe(302);
    expect((await load(cookie)).data.info.pendingPhone).toBe("+15557000001");
    const code = await codeIn("+15557000001");
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await post(cookie, { intent: "phone-confirm", code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.code).toEqual(["apiErrors.invalid_code"]);
    const resend = await post(cookie, { intent: "phone-resend", phone: "5557000001" });
    expect(resend.status).toBe(429);
    expect(resend.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(resend.data.result.error[""]).toEqual([expect.stringMatching(/^retryAfter\./)]);
    const done = await post(cookie, { intent: "phone-confirm", code });
    expect(done.headers.get("Set-Cookie")).toContain("flash=");
    expect((await load(cookie)).data.info).toMatchObject({ phone: "+15557000001", pendingPhone: null });
  });

  it("an email address in use is refused beside the field; the address and location forms work", async () => {
    const { cookie } = await signedInUser(PROFILE);
    const other = await signedInUser(PROFILE);
    const taken = await post(cookie, { intent: "email", email: other.user.email });
    expect(taken.status).toBe(409);
    expect(taken.data.result.error.email).toEqual(["apiErrors.email_taken"]);
    const email = uniqueEmail("new");
    expect((await post(cookie, { intent: "email", email })).status).toBe(302);
    const confirmed = await post(cookie, { intent: "email-confirm", code: await codeIn(email) });
    expect(confirmed.status).toBe(302);
    // The email change ended every session: the action set a new session cookie for this browser.
    const renewed = sessionSetBy(confirmed.headers);
    expect(renewed).toMatch(/^__session=[\w-]+\./);
    expect((await load(renewed)).data.info.email).toBe(email);
    const location = {
      intent: "location",
      address: "1 Rua Augusta",
      city: "Lisboa",
      state: "",
      zipcode: "1100-048",
      country: "PT",
    };
    expect((await post(renewed, location)).status).toBe(302);
    expect((await load(renewed)).data.info.location).toEqual({
      address: "1 Rua Augusta",
      city: "Lisboa",
      state: "",
      zipcode: "1100-048",
      country: "PT",
    });
    const page = await load(renewed);
    expect(page.data.countries).toContainEqual(["PT", "Portugal"]);
    // Every country once (retired codes such as DY for Benin are left out).
    const names = page.data.countries.map(([, name]: [string, string]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(page.data.countries.map(([code]: [string, string]) => code)).not.toContain("DY");
  });

  it("refuses an unknown intent (400), a cross-site post (403) and a visitor (to /login)", async () => {
    const { cookie } = await signedInUser(PROFILE);
    expect((await post(cookie, { intent: "nope" })).status).toBe(400);
    expect((await post(cookie, { intent: "name", firstName: "X", lastName: "Y" }, "https://evil.example")).status).toBe(
      403,
    );
    const visitor = await outcome(() =>
      route.action(args(pageRequest(PAGE, { form: { intent: "name", firstName: "X", lastName: "Y" } })) as never),
    );
    expect(visitor.location).toBe(`/login?${new URLSearchParams({ redirectUrl: PAGE })}`);
  });

  it("a user who must set a password is sent to /set-password by a form post too (nothing is saved)", async () => {
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: PROFILE });
    const cookie = await sessionFor(user);
    const saved = await posted(route, `${PAGE}?tab=x`, cookie, {
      intent: "name",
      firstName: "Eve",
      lastName: "Mallory",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/set-password?tab=x");
    expect((await v1.userInfo({ token: user.idToken })).body.data).toMatchObject({
      firstName: "Ada",
      requiresPasswordSetup: true,
    });
  });
});
