/**
 * OCTO supplier API tests (issue 47): a reseller of a seeded operator with a key, made through the
 * console's endpoints as an owner would, and calls to /octo with that key.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { expect } from "vitest";
import type { Db } from "~api/db/client";
import { bookings } from "~api/db/schema";
import type { TestService } from "./booking";
import type { ApiResult } from "./api";
import { v1 } from "./client";
import { call } from "./identity";
import { asMember, syncedMember } from "./operator";

export interface TestReseller {
  id: string;
  key: string;
  keyId: string;
  ownerToken: string;
}

/** A new reseller of `slug` (every experience unless `experienceIds`) with one key. */
export async function resellerWithKey(
  db: Db,
  slug = "acme",
  body: { commissionBps?: number; experienceIds?: string[] | null } = {},
): Promise<TestReseller> {
  const owner = await syncedMember(db, slug, "owner");
  const created = await v1.operatorCreateReseller(
    asMember(owner.idToken, {
      account: slug,
      body: {
        name: "Harbour Concierge",
        contactEmail: "desk@concierge.example",
        commissionBps: body.commissionBps ?? 2000,
        experienceIds: body.experienceIds ?? null,
      },
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const key = await v1.operatorCreateResellerKey({
    params: { resellerId: id },
    ...asMember(owner.idToken, { account: slug }),
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  return { id, key: key.body.data.key, keyId: key.body.data.id, ownerToken: owner.idToken };
}

/** One OCTO call with a reseller's key (a POST when it has a body). */
export function octo(
  key: string | undefined,
  path: string,
  options: { body?: unknown; pricing?: boolean; method?: string; headers?: Record<string, string> } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<ApiResult<any>> {
  return call(`/octo${path}`, {
    ...(key ? { token: key } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.method ? { method: options.method } : {}),
    headers: { ...(options.pricing ? { "Octo-Capabilities": "octo/pricing" } : {}), ...options.headers },
  });
}

/** A departure's OCTO availability id: its local start in the experience's zone `zone`, with the offset. */
export const octoAvailabilityId = (startsAt: Date, zone: string) =>
  DateTime.fromJSDate(startsAt, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");

/**
 * An OCTO booking of `adults` of `service` on the departure `availabilityId`, reserved and (unless
 * `confirm` is false) confirmed with the reseller's `reference`: its booking id and OCTO uuid.
 */
export async function octoBooking(
  db: Db,
  key: string,
  service: TestService,
  availabilityId: string,
  options: { adults?: number; reference?: string; confirm?: boolean } = {},
): Promise<{ id: string; uuid: string }> {
  const uuid = randomUUID();
  const held = await octo(key, "/bookings", {
    body: {
      uuid,
      productId: service.experienceId,
      optionId: service.serviceId,
      availabilityId,
      unitItems: Array.from({ length: options.adults ?? 1 }, () => ({ unitId: service.adult.id })),
    },
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  if (options.confirm !== false) {
    const done = await octo(key, `/bookings/${uuid}/confirm`, {
      body: {
        contact: { fullName: "Grace Hopper", emailAddress: "grace@traveller.example" },
        ...(options.reference ? { resellerReference: options.reference } : {}),
      },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.octoUuid, uuid));
  return { id: row.id, uuid };
}
