import "./env";
import { afterAll, beforeAll } from "vitest";
import { adminAuth } from "~api/auth/firebase-admin";
import { api, seedDbForThisFile, type ApiResult } from "./api";

/**
 * Users and tokens from the Firebase Auth emulator (its REST API, as the browser SDK would
 * use it). Every test uses fresh random addresses, so test files can run in parallel
 * against one emulator; `withEmulatorUsers()` deletes the users a file created.
 */
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099";
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? "demo-wayfarer";
const REST = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
const API_KEY = "demo-api-key";

const createdUids = new Set<string>();

export class EmulatorError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`emulator answered ${status}: ${JSON.stringify(body)}`);
  }
}

/** A kept-alive socket the emulator closed as the request went out ("other side closed"): nothing was read. */
const closedUnderfoot = (error: unknown) =>
  error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === "UND_ERR_SOCKET";

async function rest<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const send = () =>
    fetch(`${REST}/${method}?key=${API_KEY}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  // Once more on a fresh socket when the emulator dropped an idle one under the request.
  const response = await send().catch((error: unknown) => (closedUnderfoot(error) ? send() : Promise.reject(error)));
  const json = await response.json();
  if (!response.ok) throw new EmulatorError(response.status, json);
  return json as T;
}

type TokenAnswer = { idToken: string; localId: string; email: string; refreshToken: string };

/** Fails (never skips) with a clear message when the emulator is not running. */
export async function requireEmulator(): Promise<void> {
  try {
    const response = await fetch(`http://${EMULATOR_HOST}/`, { signal: AbortSignal.timeout(5_000) });
    if (response.ok) return;
  } catch {
    // reported below
  }
  throw new Error(
    `The Firebase Auth emulator is not reachable at ${EMULATOR_HOST}. Start it with: ` +
      "npx firebase emulators:start --only auth --project demo-wayfarer --config firebase.json",
  );
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A random private IPv4 address, so rate-limit buckets never collide between tests and runs. */
export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

/** signUp with email and password. */
export async function createUser(options: { email?: string; password?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "first-password-1";
  const answer = await rest<TokenAnswer>("accounts:signUp", { email, password, returnSecureToken: true });
  createdUids.add(answer.localId);
  return { uid: answer.localId, email, password, idToken: answer.idToken };
}

export async function signInWithPassword(email: string, password: string): Promise<TokenAnswer> {
  return rest<TokenAnswer>("accounts:signInWithPassword", { email, password, returnSecureToken: true });
}

/** What the browser's Firebase client does with a custom token the API hands it. */
export async function signInWithCustomToken(token: string): Promise<TokenAnswer> {
  return rest<TokenAnswer>("accounts:signInWithCustomToken", { token, returnSecureToken: true });
}

/** Completes an email-link sign-in (creates the user on first use, like the real service). */
export async function signInWithEmailLink(email: string, oobCode: string): Promise<TokenAnswer> {
  const answer = await rest<TokenAnswer>("accounts:signInWithEmailLink", { email, oobCode });
  createdUids.add(answer.localId);
  return answer;
}

export async function resetPasswordWithCode(oobCode: string, newPassword: string): Promise<{ email: string }> {
  return rest<{ email: string }>("accounts:resetPassword", { oobCode, newPassword });
}

/** A user who signed in with an emailed link and has no password (fresh ID token). */
export async function createEmailLinkUser(email = uniqueEmail("link")): Promise<TestUser> {
  const link = await adminAuth().generateSignInWithEmailLink(email, {
    url: "http://localhost/set-password",
    handleCodeInApp: true,
  });
  const answer = await signInWithEmailLink(email, new URL(link).searchParams.get("oobCode")!);
  return { uid: answer.localId, email, password: "", idToken: answer.idToken };
}

export function sessionCookieFor(idToken: string): Promise<string> {
  return adminAuth().createSessionCookie(idToken, { expiresIn: 60 * 60 * 1000 });
}

/** Deletes every user of the emulator project (for a global set-up; not used by parallel files). */
export async function clearEmulatorUsers(): Promise<void> {
  const response = await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: "DELETE",
    headers: { Authorization: "Bearer owner" },
  });
  if (!response.ok) throw new Error(`clearing the emulator failed: ${response.status}`);
}

/** Checks the emulator before the file's tests and deletes the users it created after them. */
export function withEmulatorUsers(): void {
  beforeAll(requireEmulator);
  afterAll(async () => {
    const uids = [...createdUids];
    createdUids.clear();
    if (uids.length > 0) await adminAuth().deleteUsers(uids);
  });
}

export interface CallOptions {
  method?: string;
  token?: string;
  cookie?: string;
  body?: unknown;
  ip?: string;
  account?: string;
  headers?: Record<string, string>;
}

/** `api()` with a bearer token or session cookie, a JSON body and an X-Forwarded-For address. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function call<T = any>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("Cookie", `__session=${options.cookie}`);
  if (options.ip || !headers.has("X-Forwarded-For")) headers.set("X-Forwarded-For", options.ip ?? randomIp());
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  return api<T>(path, { method: options.method ?? (body ? "POST" : "GET"), headers, body, account: options.account });
}

/** A user who exists in the emulator and has been synced (PATCH /v1/user/sync). */
export async function syncedUser(profile: Record<string, unknown> = {}): Promise<TestUser> {
  const user = await createUser();
  await syncNewUser(user, profile);
  return user;
}

/**
 * PATCH /v1/user/sync for a user just made in the emulator. Under a loaded CI machine the first
 * token of a new account has been refused, rarely, as revoked (401) although nothing revoked it;
 * the user then signs in again (a new token, as the browser's client would) and syncs once more.
 * Any other refusal, or a second one, fails the test.
 */
export async function syncNewUser(user: TestUser, profile: Record<string, unknown>): Promise<void> {
  let res = await call("/v1/user/sync", { method: "PATCH", token: user.idToken, body: profile });
  if (res.status === 401 && user.password) {
    user.idToken = (await signInWithPassword(user.email, user.password)).idToken;
    res = await call("/v1/user/sync", { method: "PATCH", token: user.idToken, body: profile });
  }
  if (res.status !== 200) throw new Error(`sync failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The newest dev-outbox messages for an address. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function outboxFor(email: string): Promise<any[]> {
  const res = await api(`/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  if (res.status !== 200) throw new Error(`dev outbox: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A message of the dev outbox, as tests read it. */
export interface OutboxMessage {
  kind: string;
  subject: string;
  channel: string;
  text: string;
  textBody: string;
  meta: Record<string, string>;
}

/** The dev outbox's messages of one `kind` to an address (among its newest 100). */
export async function outboxOfKind(to: string, kind: string): Promise<OutboxMessage[]> {
  const res = await api(`/v1/dev/outbox?${new URLSearchParams({ to, limit: "100" })}`);
  return (res.body.data as OutboxMessage[]).filter((message) => message.kind === kind);
}

/** What most identity test files start from: a seeded database of their own and the emulator's users cleared. */
export function identityWorld() {
  const { db } = seedDbForThisFile();
  withEmulatorUsers();
  return { db };
}

/** A sign-up profile: names, a US phone and a postal address (region and postal code as typed). */
export function testProfile(
  [firstName, lastName]: [string, string],
  phone: string,
  [address, city, state, zipcode]: [string, string, string, string],
) {
  return { firstName, lastName, phone, location: { address, city, state, zipcode } };
}
