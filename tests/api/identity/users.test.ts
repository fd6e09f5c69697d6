import { describe, expect, expectTypeOf, it } from "vitest";
import type { PasswordPolicy as AppPasswordPolicy } from "~/features/auth/password-policy";
import type { PasswordPolicy } from "~contract/identity/auth";
import { expectEnvelope } from "../../support/api";
import {
  identityWorld,
  testProfile,
  createEmailLinkUser,
  createUser,
  signInWithCustomToken,
  signInWithPassword,
  syncedUser,
} from "../../support/identity";
import { v1 } from "../../support/client";

identityWorld();

const PROFILE = testProfile(["Ada", "Lovelace"], "+15551234567", ["12 Analytical Way", "Boston", "ma", "02118"]);

describe("PATCH /v1/user/sync and GET /v1/user/info", () => {
  it("creates the user from the token and the sign-up data", async () => {
    const user = await createUser();
    const sync = await v1.syncUser({ token: user.idToken, body: PROFILE });
    expect(sync.status).toBe(200);
    expect(sync.body).toEqual({ success: true });
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      data: {
        id: user.uid,
        email: user.email,
        firstName: "Ada",
        lastName: "Lovelace",
        phoneNumber: "+15551234567",
        signInMethod: "password",
        requiresPasswordSetup: false,
        unreadNotifications: 0,
        hasSecondFactor: false,
        secondStepPending: false,
      },
    });
    expect(info.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers empty strings for unknown names and phone; a later sync does not blank them", async () => {
    const user = await createUser();
    await v1.syncUser({ token: user.idToken, body: {} });
    const bare = await v1.userInfo({ token: user.idToken });
    expect(bare.body.data).toMatchObject({ firstName: "", lastName: "", phoneNumber: "" });

    await v1.syncUser({ token: user.idToken, body: { firstName: "Grace" } });
    await v1.syncUser({ token: user.idToken, body: { lastName: "Hopper" } });
    const again = await v1.syncUser({ token: user.idToken, body: {} });
    expect(again.status).toBe(200);
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.body.data).toMatchObject({ firstName: "Grace", lastName: "Hopper", phoneNumber: "" });
  });

  it("a sync without a body (no Content-Type) is accepted", async () => {
    const user = await createUser();
    const res = await v1.syncUser({ token: user.idToken });
    expect(res.status).toBe(200);
  });

  it("validates sign-up data (400 with fields)", async () => {
    const user = await createUser();
    const res = await v1.syncUser({
      token: user.idToken,
      body: { firstName: "  ", phone: "555-123-4567", location: { address: "x", city: "y", country: "Narnia" } },
    });
    const error = expectEnvelope(res, 400, "validation_error");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["firstName", "location.country", "phone"]);
    // One text rule for names (issue 39 item 18): no CR/LF, BEL, ESC or bidi controls.
    for (const hostile of ["Ada\r\nBcc: x@evil.example", "Ada\u0007", "Ada\u001b[2J", "Ada\u202E"]) {
      const refused = await v1.syncUser({ token: user.idToken, body: { lastName: hostile } });
      expect(expectEnvelope(refused, 400, "validation_error").fields).toEqual({
        lastName: ["Remove the line breaks and control characters."],
      });
    }
  });

  it("an email-link user without a password must set one (signInMethod emailLink)", async () => {
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: {} });
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.body.data).toMatchObject({ email: user.email, signInMethod: "emailLink", requiresPasswordSetup: true });
  });

  it("404 user_not_found before the first sync", async () => {
    const user = await createUser();
    expectEnvelope(await v1.userInfo({ token: user.idToken }), 404, "user_not_found");
    expectEnvelope(await v1.missingData({ token: user.idToken }), 404, "user_not_found");
    expectEnvelope(
      await v1.updateMissingData({ token: user.idToken, body: { firstName: "A" } }),
      404,
      "user_not_found",
    );
  });
});

describe("one user never sees or changes another's data", () => {
  it("the uid always comes from the token", async () => {
    const a = await syncedUser({
      firstName: "Alice",
      lastName: "A",
      phone: "+15550000001",
      location: { address: "1 Main St", city: "Austin" },
    });
    const b = await syncedUser({ firstName: "Bob", lastName: "B" });

    // B's token reads B, whatever else the request says.
    const info = await v1.userInfo({
      query: { id: a.uid, uid: a.uid },
      token: b.idToken,
      headers: { "X-User-Id": a.uid },
    });
    expect(info.body.data).toMatchObject({ id: b.uid, email: b.email, firstName: "Bob" });

    // B's write with A's id in the body changes B only.
    const write = await v1.updateMissingData({
      token: b.idToken,
      body: { id: a.uid, uid: a.uid, firstName: "Mallory" },
    });
    expect(write.status).toBe(200);
    const aInfo = await v1.userInfo({ token: a.idToken });
    expect(aInfo.body.data).toMatchObject({ id: a.uid, firstName: "Alice", phoneNumber: "+15550000001" });
    const bInfo = await v1.userInfo({ token: b.idToken });
    expect(bInfo.body.data).toMatchObject({ id: b.uid, firstName: "Mallory" });

    const bMissing = await v1.missingData({ token: b.idToken });
    expect(bMissing.body.data.missingData).toContain("location");
    const aMissing = await v1.missingData({ token: a.idToken });
    expect(aMissing.body.data.missingData).not.toContain("location");
  });
});

describe("GET /v1/user/missing-data", () => {
  it("lists what is missing, in order, and honours exclude", async () => {
    const user = await syncedUser({ firstName: "Only" });
    const all = await v1.missingData({ token: user.idToken });
    // The phone is not asked for: it only serves text messages.
    expect(all.body).toEqual({ data: { missingData: ["lastName", "location", "paymentMethod"] } });

    const some = await v1.missingData({ query: { exclude: "paymentMethod" }, token: user.idToken });
    expect(some.body.data.missingData).toEqual(["lastName", "location"]);
    const both = await v1.missingData({ query: { exclude: "location, paymentMethod" }, token: user.idToken });
    expect(both.body.data.missingData).toEqual(["lastName"]);
  });

  it("a complete profile misses only the payment method", async () => {
    const user = await syncedUser(PROFILE);
    const res = await v1.missingData({ token: user.idToken });
    expect(res.body.data.missingData).toEqual(["paymentMethod"]);
    const excluded = await v1.missingData({ query: { exclude: "paymentMethod" }, token: user.idToken });
    expect(excluded.body.data.missingData).toEqual([]);
  });

  it("400 for an unknown exclude entry", async () => {
    const user = await syncedUser();
    const error = expectEnvelope(
      await v1.missingData({ query: { exclude: "waiver" }, token: user.idToken }),
      400,
      "validation_error",
    );
    expect(Object.keys(error.fields ?? {})).toEqual(["exclude.0"]);
  });
});

describe("PATCH /v1/user/missing-data", () => {
  it("fills the missing data", async () => {
    const user = await syncedUser();
    const res = await v1.updateMissingData({
      token: user.idToken,
      body: { ...PROFILE, location: { address: " 1 Main St ", city: "Austin", state: "tx" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const missing = await v1.missingData({ query: { exclude: "paymentMethod" }, token: user.idToken });
    expect(missing.body.data.missingData).toEqual([]);
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.body.data).toMatchObject({ firstName: "Ada", lastName: "Lovelace", phoneNumber: "+15551234567" });
  });

  it("400 with fields for bad values", async () => {
    const user = await syncedUser();
    const res = await v1.updateMissingData({
      token: user.idToken,
      body: {
        firstName: "",
        lastName: "x".repeat(81),
        phone: "+4915112345678",
        passwordIsSet: "yes",
        location: { address: "", city: "Austin", state: "x".repeat(101), zipcode: "78/70", country: "XX" },
      },
    });
    const error = expectEnvelope(res, 400, "validation_error");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual([
      "firstName",
      "lastName",
      "location.address",
      "location.country",
      "location.state",
      "location.zipcode",
      "passwordIsSet",
      "phone",
    ]);
    expect(error.fields?.phone).toEqual(["Use +1 followed by 10 digits."]);
    expect(error.fields?.["location.country"]).toEqual(["Choose a country."]);
  });

  it("takes addresses in any country's format; the country defaults to US", async () => {
    const user = await syncedUser();
    const addresses = [
      { address: "Rua Augusta 24", city: "Lisboa", state: "", zipcode: "1100-048", country: "PT" },
      { address: "10 Downing St", city: "London", state: "", zipcode: "SW1A 2AA", country: "gb" },
      { address: "1-1 Chiyoda", city: "Tokyo", state: "Tokyo-to", zipcode: "100-8111", country: "JP" },
      { address: "Calle 1", city: "Panama City", country: "PA" },
      { address: "1 Main St", city: "Austin", state: "TX", zipcode: "12345-6789" },
    ];
    for (const location of addresses) {
      const res = await v1.updateMissingData({ token: user.idToken, body: { location } });
      expect(res.status).toBe(200);
      const info = await v1.personalInfo({ token: user.idToken });
      expect(info.body.data.location).toEqual({
        state: "",
        zipcode: "",
        country: "US",
        ...location,
        ...(location.country ? { country: location.country.toUpperCase() } : {}),
      });
      expect((await v1.missingData({ token: user.idToken })).body.data.missingData).not.toContain("location");
    }
  });

  it("passwordIsSet: true clears requiresPasswordSetup", async () => {
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: {} });
    await v1.updateMissingData({ token: user.idToken, body: { passwordIsSet: true } });
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.body.data.requiresPasswordSetup).toBe(false);
  });
});

describe("password policy and PATCH /v1/user/set-password", () => {
  it("GET /v1/auth/password-policy is public and matches the web app's type", async () => {
    const res = await v1.passwordPolicy();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        minLength: 8,
        maxLength: 128,
        requireLowercase: false,
        requireUppercase: false,
        requireNumeric: true,
        requireNonAlphanumeric: false,
      },
    });
    expectTypeOf<PasswordPolicy>().toEqualTypeOf<AppPasswordPolicy>();
  });

  it("an email-link user sets a password, then signs in with it", async () => {
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: {} });
    const res = await v1.setPassword({ token: user.idToken, body: { password: "new-secret-42" } });
    expect(res.status).toBe(200);
    // A new password ends every session, even one signed in the same second: this device gets a
    // new session, and its Firebase client a custom token to sign in again with.
    const { sessionCookie, customToken, user: info, missingData } = res.body.data;
    expect(info).toMatchObject({ id: user.uid, requiresPasswordSetup: false });
    expect(missingData).toEqual(["firstName", "lastName", "waiver"]);
    expectEnvelope(await v1.userInfo({ token: user.idToken }), 401, "unauthorized");
    expect((await v1.userInfo({ token: sessionCookie })).body.data.id).toBe(user.uid);
    const client = await signInWithCustomToken(customToken);
    expect((await v1.userInfo({ token: client.idToken })).status).toBe(200);

    const signedIn = await signInWithPassword(user.email, "new-secret-42");
    expect(signedIn.localId).toBe(user.uid);
    const sync = await v1.syncUser({ token: signedIn.idToken, body: {} });
    expect(sync.status).toBe(200);
    const after = await v1.userInfo({ token: signedIn.idToken });
    expect(after.body.data).toMatchObject({ id: user.uid, signInMethod: "password", requiresPasswordSetup: false });
  });

  it("400 when the password breaks the policy; nothing changes", async () => {
    const user = await syncedUser();
    for (const [password, message] of [
      ["short1", "Use at least 8 characters."],
      ["no-digits-here", "Include a number."],
      [`${"a".repeat(128)}1`, "Use at most 128 characters."],
    ]) {
      const error = expectEnvelope(
        await v1.setPassword({ token: user.idToken, body: { password } }),
        400,
        "validation_error",
      );
      expect(error.fields?.password).toContain(message);
    }
    expectEnvelope(await v1.setPassword({ token: user.idToken, body: {} }), 400, "validation_error");
    expect((await signInWithPassword(user.email, user.password)).localId).toBe(user.uid);
  });

  it("404 user_not_found for a user who never synced", async () => {
    const user = await createUser();
    const res = await v1.setPassword({ token: user.idToken, body: { password: "another-pass-9" } });
    expectEnvelope(res, 404, "user_not_found");
  });
});
