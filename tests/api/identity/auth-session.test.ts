import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~api/db/schema";
import { forgetVerifiedSessions, InvalidTokenError, verifyFirebaseToken } from "~api/auth/verify";
import { expectEnvelope, expectRefusedOn } from "../../support/api";
import { bookingUser, confirmedBooking, createSlot, findService, type TestService } from "../../support/booking";
import { identityWorld, testProfile, call, createUser, signInWithPassword } from "../../support/identity";
import { v1 } from "../../support/client";

const { db } = identityWorld();

const PROFILE = testProfile(["Grace", "Hopper"], "+15557654321", ["1 Compiler Road", "Arlington", "VA", "22201"]);

describe("POST /v1/auth/session", () => {
  it("turns a fresh ID token into a session cookie, syncs the user and says what they still owe", async () => {
    const user = await createUser();
    const res = await v1.createSession({ body: { idToken: user.idToken } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const { sessionCookie, maxAgeSeconds, user: info, missingData } = res.body.data;
    expect(sessionCookie).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(maxAgeSeconds).toBeGreaterThan(3600);
    expect(info).toMatchObject({ id: user.uid, email: user.email });
    // No booking needs a postal address: not owed before booking (GET /v1/user/missing-data still lists it).
    expect(missingData).toEqual(["firstName", "lastName", "waiver"]);
    // The cookie is a session: the API accepts it as a credential.
    expect((await v1.userInfo({ token: sessionCookie })).body.data.email).toBe(user.email);
  });

  it("stores the sign-up profile sent with the token", async () => {
    const user = await createUser();
    const res = await v1.createSession({ body: { idToken: user.idToken, profile: PROFILE } });
    expect(res.body.data.missingData).toEqual(["waiver"]);
    expect(res.body.data.user).toMatchObject({ firstName: "Grace", lastName: "Hopper", phoneNumber: PROFILE.phone });
  });

  it("names the operator's waiver in account mode", async () => {
    const service = await findService(db(), "acme");
    const user = await bookingUser(service);
    const fresh = await signInWithPassword(user.email, user.password);
    const res = await v1.createSession({ body: { idToken: fresh.idToken }, account: "acme" });
    expect(res.body.data.missingData).toEqual([]);
    const elsewhere = await v1.createSession({ body: { idToken: fresh.idToken }, account: "harbor" });
    expect(elsewhere.body.data.missingData).toEqual(["waiver"]);
  });

  it("refuses a session cookie or garbage in place of an ID token (401 invalid_token)", async () => {
    const user = await createUser();
    const opened = await v1.createSession({ body: { idToken: user.idToken } });
    expectEnvelope(await v1.createSession({ body: { idToken: opened.body.data.sessionCookie } }), 401, "invalid_token");
    expectEnvelope(await v1.createSession({ body: { idToken: "x".repeat(40) } }), 401, "invalid_token");
  });

  it("validates the body (400 with fields), and only POST is allowed", async () => {
    expectRefusedOn(await v1.createSession({ body: { profile: {} } }), "idToken");
    expectEnvelope(await call("/v1/auth/session"), 405, "method_not_allowed");
  });
});

/** A session cookie for a new sign-in of `user`. */
async function newSession(user: { email: string; password: string }): Promise<string> {
  const { idToken } = await signInWithPassword(user.email, user.password);
  return (await v1.createSession({ body: { idToken } })).body.data.sessionCookie;
}

const secondsOf = (jwt: string, claim: "auth_time") =>
  Number(JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8"))[claim]);

/** Waits for the start of the next second, so that what follows happens within one second. */
async function startOfSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}

async function cutoffOf(uid: string): Promise<Date | null> {
  const [row] = await db().select({ cutoff: users.sessionsValidAfter }).from(users).where(eq(users.id, uid));
  return row?.cutoff ?? null;
}

describe("POST /v1/auth/sign-out (this device)", () => {
  it("ends the session it is called with; the user's other sessions stay", async () => {
    const user = await createUser();
    const a = (await v1.createSession({ body: { idToken: user.idToken } })).body.data.sessionCookie;
    // Two sessions opened in the same second are the same token (same claims): a later one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const b = await newSession(user);
    expect((await v1.userInfo({ cookie: a })).status).toBe(200);
    expect((await v1.signOut({ token: a })).body).toEqual({ success: true });
    expectEnvelope(await v1.userInfo({ cookie: a }), 401, "unauthorized");
    expectEnvelope(await v1.userInfo({ token: a }), 401, "unauthorized");
    expect((await v1.userInfo({ cookie: b })).status).toBe(200);
  });

  it("needs a credential (401)", async () => {
    expectEnvelope(await v1.signOut(), 401, "unauthorized");
  });
});

describe("POST /v1/auth/sign-out-everywhere", () => {
  it("revokes the user's sessions everywhere", async () => {
    const user = await createUser();
    const a = (await v1.createSession({ body: { idToken: user.idToken } })).body.data.sessionCookie;
    const b = await newSession(user);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await v1.signOutEverywhere({ token: a })).body).toEqual({ success: true });
    expectEnvelope(await v1.userInfo({ token: b }), 401, "unauthorized");
    expectEnvelope(await v1.userInfo({ token: a }), 401, "unauthorized");
  });

  it("also ends a session signed in less than a second before (tokens count whole seconds)", async () => {
    const user = await createUser();
    const a = (await v1.createSession({ body: { idToken: user.idToken } })).body.data.sessionCookie;
    await startOfSecond();
    const b = await newSession(user);
    expect((await v1.signOutEverywhere({ token: a })).status).toBe(200);
    // The case at hand: b was signed in during the cut-off's second, before it.
    const cutoff = (await cutoffOf(user.uid))!;
    expect(secondsOf(b, "auth_time")).toBe(Math.floor(cutoff.getTime() / 1000));
    expectEnvelope(await v1.userInfo({ token: b }), 401, "unauthorized");
    // …and stays refused when the user signs in again later (that session works).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expectEnvelope(await v1.userInfo({ token: b }), 401, "unauthorized");
    expect((await v1.userInfo({ token: await newSession(user) })).status).toBe(200);
  });

  it("a check under way while the sessions end answers its request but is not kept (the next one checks again)", async () => {
    const user = await createUser();
    const a = (await v1.createSession({ body: { idToken: user.idToken } })).body.data.sessionCookie;
    // The check begins (it read the cut-off before it moved), and the user's sessions end meanwhile.
    const underWay = verifyFirebaseToken(a);
    forgetVerifiedSessions(user.uid);
    expect((await underWay).uid).toBe(user.uid);
    await db()
      .update(users)
      .set({ sessionsValidAfter: new Date(Date.now() + 2_000) })
      .where(eq(users.id, user.uid));
    // Kept, that answer would sign `a` in until the next check was due (a minute).
    await expect(verifyFirebaseToken(a)).rejects.toThrow(InvalidTokenError);
    expectEnvelope(await v1.userInfo({ token: a }), 401, "unauthorized");
  });

  it("the cut-off lives in the database: one written by another process is honoured at the next check", async () => {
    const user = await createUser();
    const a = (await v1.createSession({ body: { idToken: user.idToken } })).body.data.sessionCookie;
    expect((await v1.userInfo({ token: a })).status).toBe(200);
    // Another process ended the sessions (this one still has `a` verified in its memory).
    await db().update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, user.uid));
    // A sensitive action always checks.
    expectEnvelope(await v1.changePhone({ token: a, body: { phone: "+15550001111" } }), 401, "unauthorized");
  });

  it("needs a credential (401)", async () => {
    expectEnvelope(await v1.signOutEverywhere(), 401, "unauthorized");
  });
});

describe("GET /v1/user/payments", () => {
  let acme: TestService;
  beforeAll(async () => {
    acme = await findService(db(), "acme");
  });

  it("lists every paid booking of the caller, newest first, a page at a time, and nobody else's", async () => {
    const user = await bookingUser(acme);
    const other = await bookingUser(acme);
    const slot = (await createSlot(db(), acme.serviceId, { capacity: 20 })).id;
    const paid: string[] = [];
    for (let i = 0; i < 11; i++) paid.push((await confirmedBooking(user, acme, slot)).id);
    await confirmedBooking(other, acme, slot);
    const first = await v1.payments({ token: user.idToken });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 10, total: 11, totalPages: 2 });
    const second = await v1.payments({ query: { page: "2" }, token: user.idToken });
    const ids = [...first.body.data.items, ...second.body.data.items].map((booking: { id: string }) => booking.id);
    expect(ids).toEqual([...paid].reverse());
    expectEnvelope(await v1.payments({ query: { page: "0" }, token: user.idToken }), 400, "validation_error");
    expectEnvelope(await v1.payments(), 401, "unauthorized");
  });
});
