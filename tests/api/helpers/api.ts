import "./env";
import { afterAll, beforeAll } from "vitest";
import { app } from "~api/app";
import { closeDb, getDb, type Db } from "~api/db/client";
import { seed } from "~api/db/seed";

// JSON answers are inspected dynamically in tests; assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the v1 app in-process, as the Remix splat route does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(path: string, init: RequestInit & { account?: string } = {}): Promise<ApiResult<T>> {
  const { account, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (account !== undefined) headers.set("X-Account-Context", account);
  const response = await app.fetch(new Request(`http://localhost${path}`, { ...rest, headers }));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Resets the catalog to the seed before the file's tests and closes the db after them. */
export function seedDbForThisFile(): { db: () => Db } {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await getDb();
    await seed(db);
  });
  afterAll(async () => {
    await closeDb();
  });
  return {
    db: () => {
      if (!db) throw new Error("database not ready");
      return db;
    },
  };
}

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
  return body.error as { code: string; message: string; fields?: Record<string, string[]> };
}
