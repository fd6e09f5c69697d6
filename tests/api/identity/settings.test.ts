import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verificationCodes } from "~api/db/schema";
import { expectEnvelope } from "../../support/api";
import {
  identityWorld,
  testProfile,
  call,
  createUser,
  outboxFor,
  signInWithCustomToken,
  signInWithPassword,
  syncedUser,
  uniqueEmail,
  type TestUser,
} from "../../support/identity";
import { v1 } from "../../support/client";

const { db } = identityWorld();

const PROFILE = testProfile(["Ada", "Lovelace"], "+15551234567", ["12 Analytical Way", "Boston", "MA", "02118"]);

const put = (path: string, user: TestUser, body: unknown) =>
  call(`/v1/user/settings/${path}`, { method: "PUT", token: user.idToken, body });
const info = async (user: TestUser) => (await v1.personalInfo({ token: user.idToken })).body.data;
let phoneCounter = 1000;
const newPhone = () => `+1555700${String(phoneCounter++).padStart(4, "0")}`;
async function codeSentTo(recipient: string): Promise<string> {
  const [message] = await outboxFor(recipient);
  const found = /\b(\d{6})\b/.exec(`${message.subject} ${message.textBody}`);
  if (!found) throw new Error(`no code in the message to ${recipient}`);
  return found[1];
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("GET /v1/user/settings/personal-info", () => {
  it("answers the caller's own facts (the spec's shape)", async () => {
    const user = await syncedUser(PROFILE);
    expect(await info(user)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: user.email,
      phone: "+15551234567",
      location: { ...PROFILE.location, country: "US" },
      signInMethods: ["password"],
      pendingPhone: null,
      pendingEmail: null,
    });
    expectEnvelope(await v1.personalInfo(), 401, "unauthorized");
    const stranger = await createUser();
    expectEnvelope(await v1.personalInfo({ token: stranger.idToken }), 404, "user_not_found");
  });
});

describe("PUT /v1/user/settings/name", () => {
  it("changes the caller's name; a blank name is a field error", async () => {
    const user = await syncedUser(PROFILE);
    expect((await put("name", user, { firstName: " Grace ", lastName: "Hopper" })).body).toEqual({ success: true });
    expect(await info(user)).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
    const error = expectEnvelope(
      await put("name", user, { firstName: "", lastName: "Hopper" }),
      400,
      "validation_error",
    );
    expect(Object.keys(error.fields ?? {})).toEqual(["firstName"]);
  });
});

describe("phone change in two steps", () => {
  it("sends a code by SMS, shows the pending number, and the right code makes it the phone", async () => {
    const user = await syncedUser(PROFILE);
    const phone = newPhone();
    expectEnvelope(await put("phone", user, { phone: "5551234567" }), 400, "validation_error");
    expect((await put("phone", user, { phone })).status).toBe(200);
    expect(await info(user)).toMatchObject({ phone: PROFILE.phone, pendingPhone: phone });
    const code = await codeSentTo(phone);
    const [sms] = await outboxFor(phone);
    expect(sms).toMatchObject({ channel: "sms", kind: "phone_code" });
    const [stored] = await db().select().from(verificationCodes).where(eq(verificationCodes.target, phone));
    expect(stored.codeHash).not.toContain(code);

    expectEnvelope(await put("phone/confirm", user, { code: wrong(code) }), 400, "invalid_code");
    expect((await put("phone/confirm", user, { code })).status).toBe(200);
    expect(await info(user)).toMatchObject({ phone, pendingPhone: null });
    expectEnvelope(await put("phone/confirm", user, { code }), 400, "no_pending_change");
  });

  it("a resend within the minute is refused with Retry-After", async () => {
    const user = await syncedUser(PROFILE);
    expect((await put("phone", user, { phone: newPhone() })).status).toBe(200);
    const again = await put("phone", user, { phone: newPhone() });
    expectEnvelope(again, 429, "rate_limited");
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("the 5th wrong code cancels the change: a right code afterwards is refused", async () => {
    const user = await syncedUser(PROFILE);
    const phone = newPhone();
    await put("phone", user, { phone });
    const code = await codeSentTo(phone);
    for (let i = 0; i < 4; i++)
      expectEnvelope(await put("phone/confirm", user, { code: wrong(code) }), 400, "invalid_code");
    expectEnvelope(await put("phone/confirm", user, { code: wrong(code) }), 400, "too_many_attempts");
    expectEnvelope(await put("phone/confirm", user, { code }), 400, "too_many_attempts");
    expect(await info(user)).toMatchObject({ phone: PROFILE.phone, pendingPhone: null });
  });

  it("an expired code is refused; without a pending change there is nothing to confirm", async () => {
    const user = await syncedUser(PROFILE);
    expectEnvelope(await put("phone/confirm", user, { code: "123456" }), 400, "no_pending_change");
    expectEnvelope(await put("phone/confirm", user, { code: "12345" }), 400, "validation_error");
    const phone = newPhone();
    await put("phone", user, { phone });
    const code = await codeSentTo(phone);
    await db()
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCodes.userId, user.uid), eq(verificationCodes.target, phone)));
    expectEnvelope(await put("phone/confirm", user, { code }), 400, "code_expired");
  });

  it("another user cannot confirm someone else's change with their code", async () => {
    const owner = await syncedUser(PROFILE);
    const other = await syncedUser(PROFILE);
    const phone = newPhone();
    await put("phone", owner, { phone });
    const code = await codeSentTo(phone);
    expectEnvelope(await put("phone/confirm", other, { code }), 400, "no_pending_change");
    expect((await info(other)).phone).toBe(PROFILE.phone);
  });
});

describe("email change in two steps", () => {
  it("refuses an address another account has (409 email_taken)", async () => {
    const user = await syncedUser(PROFILE);
    const other = await syncedUser(PROFILE);
    expectEnvelope(await put("email", user, { email: other.email }), 409, "email_taken");
    expectEnvelope(await put("email", user, { email: "not-an-email" }), 400, "validation_error");
  });

  it("sends a code to the new address; the code changes it everywhere, tells the old one, keeps the session", async () => {
    const user = await syncedUser(PROFILE);
    const email = uniqueEmail("moved");
    expect((await put("email", user, { email })).status).toBe(200);
    expect((await info(user)).pendingEmail).toBe(email);
    const code = await codeSentTo(email);
    expectEnvelope(await put("email/confirm", user, { code: wrong(code) }), 400, "invalid_code");
    const confirmed = await put("email/confirm", user, { code });
    expect(confirmed.status).toBe(200);
    // The identity provider ends the user's sessions on an email change: a new one is answered.
    const renewed = { ...user, idToken: confirmed.body.data.sessionCookie as string };
    expect(confirmed.body.data.maxAgeSeconds).toBeGreaterThan(0);
    expect(await info(renewed)).toMatchObject({ email, pendingEmail: null });
    expect((await v1.userInfo({ token: renewed.idToken })).body.data.email).toBe(email);
    // The session that asked is over (it was signed in before the change, maybe in the same second)…
    expectEnvelope(await v1.userInfo({ token: user.idToken }), 401, "unauthorized");
    // …and the browser's Firebase client gets a custom token to sign in again with.
    const client = await signInWithCustomToken(confirmed.body.data.customToken);
    expect((await v1.userInfo({ token: client.idToken })).body.data.email).toBe(email);
    const [notice] = await outboxFor(user.email);
    expect(notice).toMatchObject({ kind: "email_changed" });
    expect((await signInWithPassword(email, user.password)).idToken).toBeTruthy();
  });
});
