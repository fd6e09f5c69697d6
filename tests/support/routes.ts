/**
 * Loader and action tests: a route module's loader or action called in-process with a real
 * Request, on the real database (PGlite in memory, or DATABASE_URL) and the Auth emulator,
 * through the same in-process API the server uses. Nothing of ours is mocked.
 */
import "./env";
import { beforeAll } from "vitest";
import type { Db } from "~api/db/client";
import { v1 } from "./client";
import { bookingUser, confirmedBooking, createSlot, findService, type TestService } from "./booking";
import {
  createUser,
  identityWorld,
  sessionCookieFor,
  signInWithPassword,
  syncNewUser,
  type TestUser,
} from "./identity";

export const ORIGIN = "http://localhost:3000";

export type Outcome = {
  status: number;
  /** Location of a redirect. */
  location: string | null;
  headers: Headers;
  // Loader data is inspected dynamically; assertions check its shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
};

type RequestOptions = {
  method?: string;
  form?: Record<string, string>;
  json?: unknown;
  cookie?: string | null;
  /** The Origin header of a POST; null to send none. Default: our own origin. */
  origin?: string | null;
  host?: string;
  headers?: Record<string, string>;
};

/** A browser-like request for a page of the web app. */
export function pageRequest(path: string, options: RequestOptions = {}): Request {
  const method = options.method ?? (options.form || options.json !== undefined ? "POST" : "GET");
  const url = new URL(path, options.host ? `http://${options.host}` : ORIGIN);
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (method !== "GET" && method !== "HEAD" && options.origin !== null)
    headers.set("Origin", options.origin ?? url.origin);
  let body: BodyInit | undefined;
  if (options.form) body = new URLSearchParams(options.form);
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  return new Request(url, { method, headers, body });
}

function isDataWithInit(value: unknown): value is { type: string; data: unknown; init?: ResponseInit } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function settle(value: unknown): Promise<Outcome> {
  if (value instanceof Response) {
    const text = await value.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // a text body
    }
    return { status: value.status, location: value.headers.get("Location"), headers: value.headers, data };
  }
  if (isDataWithInit(value)) {
    return {
      status: value.init?.status ?? 200,
      location: null,
      headers: new Headers(value.init?.headers),
      data: value.data,
    };
  }
  return { status: 200, location: null, headers: new Headers(), data: value };
}

/** Runs a loader or action and tells what the browser would get: data, a status, a redirect. */
export async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    return await settle(await run());
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return settle(thrown);
    throw thrown;
  }
}

export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** A route's loader answering a GET of `path` with this session cookie: what the browser would get. */
export function loaded(route: { loader: (args: never) => unknown }, path: string, cookie: string): Promise<Outcome> {
  return outcome(() => route.loader(args(pageRequest(path, { cookie })) as never));
}

/** A route's action answering a form posted to `path` with this session cookie: what the browser would get. */
export function posted(
  route: { action: (args: never) => unknown },
  path: string,
  cookie: string,
  form: Record<string, string>,
): Promise<Outcome> {
  return outcome(() => route.action(args(pageRequest(path, { cookie, form })) as never));
}

/** The API's answer (its status) to a session cookie `__session=…`: 200 while it stands, 401 once it is ended. */
export const sessionStatus = async (cookie: string) =>
  (await v1.userInfo({ token: cookie.slice("__session=".length) })).status;

/** The Cookie header of a signed-in browser for a user (a real session cookie from the emulator). */
export async function sessionFor(user: Pick<TestUser, "email" | "password"> & { idToken?: string }): Promise<string> {
  const idToken = user.idToken ?? (await signInWithPassword(user.email, user.password)).idToken;
  return `__session=${await sessionCookieFor(idToken)}`;
}

/**
 * What a file that only needs one signed-in guest starts from: a seeded database of its own, the
 * emulator's users cleared after it, and a guest who may book acme's: their session cookie (once
 * the file's beforeAll has run).
 */
export function signedInGuestForThisFile(): () => string {
  const { db } = identityWorld();
  let cookie = "";
  beforeAll(async () => {
    cookie = await sessionFor(await bookingUser(await findService(db(), "acme")));
  });
  return () => cookie;
}

/** A new guest's confirmed booking of `adults` on a new departure of `service` (made with `slotOptions`), and the guest's session cookie. */
export async function signedInBooking(
  db: Db,
  service: TestService,
  adults = 1,
  slotOptions: Parameters<typeof createSlot>[2] = {},
) {
  const user = await bookingUser(service);
  const slot = await createSlot(db, service.serviceId, slotOptions);
  const booking = await confirmedBooking(user, service, slot.id, adults);
  return { user, slot, booking, cookie: await sessionFor(user) };
}

/** A new synced user and their session cookie. */
export async function signedInUser(profile: Record<string, unknown> = {}) {
  const user = await createUser();
  await syncNewUser(user, profile);
  return { user, cookie: await sessionFor(user) };
}

/** The `__session=…` pair an answer sets (for the next request's Cookie header). */
export function sessionSetBy(headers: Headers): string {
  const cookie = headers.getSetCookie().find((value) => value.startsWith("__session="));
  if (!cookie) throw new Error("no session cookie was set");
  return cookie.split(";")[0];
}

/** The flash message a redirect sets (its cookie's value: base64 of its JSON, signed), e.g. `"sell.sent"`. */
export function flashOf(headers: Headers): string {
  const value = decodeURIComponent(/flash=([^;]*)/.exec(headers.get("Set-Cookie") ?? "")?.[1] ?? "");
  return Buffer.from(value.split(".")[0], "base64").toString("utf8");
}
