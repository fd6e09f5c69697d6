import "./env";
import { afterAll, beforeAll, expect } from "vitest";
import { app } from "~api/app";
import { closeDb, getDb, type Db } from "~api/db/client";
import { seed } from "~api/db/seed";
import { closeRateLimits } from "~api/rate-limit/service";
import { endpoints } from "~contract/endpoints";
import type { z } from "zod";

// JSON answers are inspected dynamically in tests; assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

const contractRoutes = Object.entries(endpoints).map(([name, endpoint]) => ({
  name,
  method: endpoint.method,
  pattern: new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`),
  output: endpoint.output as z.ZodTypeAny,
}));

/**
 * The contract test that every API test runs: a successful answer of an endpoint the web calls
 * must parse with its output schema (contract/outputs.ts), or the test fails.
 */
function checkContract(method: string, path: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return;
  const route = contractRoutes.find((entry) => entry.method === method && entry.pattern.test(path));
  if (!route) return;
  const parsed = route.output.safeParse((body as { data?: unknown } | null)?.data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`contract: ${method} ${path} (${route.name}) answered data that breaks its schema: ${problems}`);
  }
}

/** Calls the v1 app in-process, as the Remix splat route does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(path: string, init: RequestInit & { account?: string } = {}): Promise<ApiResult<T>> {
  const { account, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (account !== undefined) headers.set("X-Account-Context", account);
  const response = await app.fetch(new Request(`http://localhost${path}`, { ...rest, headers }));
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  checkContract(rest.method ?? "GET", new URL(path, "http://localhost").pathname, response.status, body);
  return { status: response.status, headers: response.headers, body };
}

/** Calls the v1 app in-process for an answer that is not JSON (a CSV): its status, headers and text. */
export async function apiText(
  path: string,
  init: RequestInit & { account?: string; token?: string } = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const { account, token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (account !== undefined) headers.set("X-Account-Context", account);
  if (token !== undefined) headers.set("Authorization", `Bearer ${token}`);
  const response = await app.fetch(new Request(`http://localhost${path}`, { ...rest, headers }));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A CSV download (apiText's answer): 200, UTF-8 CSV, an attachment named `filename`, exactly `text`. Answers its lines. */
export function expectCsvAttachment(
  answer: { status: number; headers: Headers; text: string },
  filename: string,
  text: string,
): string[] {
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
  expect(answer.text).toBe(text);
  return answer.text.trimEnd().split("\r\n");
}

/** A write with a plain-text body, not JSON, as `token`'s holder on acme's storefront: refused as the caller's error (a 4xx). */
export async function expectPlainTextRefused(
  request: { method: string; path: string },
  token: string,
  body?: string,
): Promise<void> {
  const { status, text } = await apiText(request.path, {
    method: request.method,
    token,
    account: "acme",
    headers: { "Content-Type": "text/plain" },
    body,
  });
  expect(status, text).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
}

/**
 * Resets the catalog to the seed before the file's tests and closes the db after them. On PGlite and
 * PostgreSQL the file's database is a fresh copy of the run's seeded template (tests/support/global-setup.ts,
 * tests/support/database-per-file.ts): it is the seed already, so it is not seeded again.
 */
export function seedDbForThisFile(): { db: () => Db } {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await getDb();
    if (!process.env.PGLITE_TEMPLATE && !process.env.POSTGRES_TEMPLATE) await seed(db, { demoOwners: true });
  });
  afterAll(async () => {
    await closeDb();
    await closeRateLimits();
  });
  return {
    db: () => {
      if (!db) throw new Error("database not ready");
      return db;
    },
  };
}

/** A well-formed id (a v4 UUID) that names nothing: an unknown id's 404, not a malformed one's 400. */
export const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/** Checks the error envelope and returns its error object. */
export function expectEnvelope(result: ApiResult, status: number, code: string) {
  const { body } = result;
  if (result.status !== status || body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${result.status} ${JSON.stringify(body)}`);
  }
  if (typeof body.error.message !== "string" || body.error.message.length === 0)
    throw new Error("error.message missing");
  if (body.requestId !== result.headers.get("X-Request-Id")) throw new Error("requestId does not match X-Request-Id");
  if (Object.keys(body).sort().join(",") !== "error,requestId") throw new Error(`unexpected keys ${Object.keys(body)}`);
  return body.error as {
    code: string;
    message: string;
    fields?: Record<string, string[]>;
    details?: Record<string, string | number>;
  };
}

/**
 * A refusal of input: 400 validation_error (expectEnvelope) naming `field` among its error's fields.
 * `message` tells which try failed when several are checked in a loop. Returns the error.
 */
export function expectRefusedOn(result: ApiResult, field: string, message?: string) {
  const error = expectEnvelope(result, 400, "validation_error");
  expect(Object.keys(error.fields ?? {}), message).toContain(field);
  return error;
}
