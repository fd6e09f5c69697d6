import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slots, waitlistOffers } from "~api/db/schema";
import { runDueWork } from "~api/jobs/due-work";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import { api } from "../api/helpers/api";
import { bookingRow, bookingUser, bookingWorld, createSlot, pay, sessionIdOf } from "../api/helpers/booking";
import { call, type TestUser } from "../api/helpers/identity";
import { args, outcome, pageRequest, sessionFor } from "./helpers";

/**
 * A waitlist offer's link that cannot be used (issue 39 item 4): used, expired, left (declined),
 * withdrawn, someone else's or unknown, each its own 4xx page saying which (never a 500, never
 * "Something went wrong"); paying with it again shows that page.
 */
const { db, acme } = bookingWorld();

const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });
const load = (path: string, cookie: string) =>
  outcome(() => confirmRoute.loader(args(pageRequest(path, { cookie }), params()) as never));
const payWith = (path: string, cookie: string) =>
  outcome(() =>
    confirmRoute.action(
      args(pageRequest(path, { cookie, form: { idempotencyKey: randomUUID(), operator: "acme" } }), params()) as never,
    ),
  );

/** A sold-out departure, `user` on its waitlist, a seat freed and offered: the offer link's path, and its entry. */
async function offeredTo(user: TestUser) {
  const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
  const joined = await call("/v1/waitlist", {
    token: user.idToken,
    body: { serviceId: acme.serviceId, slotId: slot.id, seats: 1 },
  });
  expect(joined.status).toBe(201);
  await db().update(slots).set({ capacity: 3 }).where(eq(slots.id, slot.id));
  await runDueWork(db());
  const outbox = await api(`/v1/dev/outbox?to=${encodeURIComponent(user.email)}&limit=20`);
  const mail = (outbox.body.data as Array<{ kind: string; meta: Record<string, string> }>).find(
    (message) => message.kind === "waitlist_offer",
  )!;
  const link = new URL(mail.meta.link);
  return { slot, entryId: joined.body.data.id as string, path: link.pathname + link.search };
}

/** The refusal page: its status, which way, the way on. */
function expectRefused(page: Awaited<ReturnType<typeof load>>, status: number, state: string) {
  expect(page.status).toBe(status);
  expect(page.data).toMatchObject({
    waitlistOfferRefused: state,
    detailsPath: `/experiences/${acme.experienceId}/${acme.serviceId}`,
  });
}

describe("a waitlist offer link that cannot be used", () => {
  it("used: opened again after paying it says so and links to the booking; paying again shows that page, not an error", async () => {
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const { path } = await offeredTo(user);
    expect((await load(path, cookie)).status).toBe(200);
    const placed = await payWith(path, cookie);
    expect(placed.status).toBe(302);
    expect(placed.location).toMatch(/^\/sandbox\/checkout\//);
    expect((await pay(sessionIdOf(placed.location!))).status).toBe(200);
    const [offer] = await db()
      .select()
      .from(waitlistOffers)
      .where(sql`${waitlistOffers.bookingId} is not null`)
      .orderBy(sql`${waitlistOffers.closedAt} desc`)
      .limit(1);

    const again = await load(path, cookie);
    expectRefused(again, 409, "used");
    expect(again.data.bookingId).toBe(offer.bookingId);
    expect((await bookingRow(db(), offer.bookingId!)).status).toBe("confirmed");
    // The page was still open in another tab: paying with the used offer shows the same page.
    const paidAgain = await payWith(path, cookie);
    expect(paidAgain.status).toBe(302);
    expect(paidAgain.location).toBe(path);
    expectRefused(await load(paidAgain.location!, cookie), 409, "used");
  });

  it("expired: 410, before and after the sweep closes it", async () => {
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const { slot, path } = await offeredTo(user);
    await db()
      .update(waitlistOffers)
      .set({ expiresAt: sql`app_now() - interval '1 minute'` })
      .where(eq(waitlistOffers.slotId, slot.id));
    expectRefused(await load(path, cookie), 410, "expired");
    await runDueWork(db());
    expectRefused(await load(path, cookie), 410, "expired");
  });

  it("left (declined): 410", async () => {
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const { entryId, path } = await offeredTo(user);
    const left = await call(`/v1/waitlist/${entryId}/leave`, { token: user.idToken, method: "POST" });
    expect(left.body.data.status).toBe("declined");
    expectRefused(await load(path, cookie), 410, "declined");
  });

  it("withdrawn (the operator cancelled the departure): 410, though the departure can no longer be priced", async () => {
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const { slot, path } = await offeredTo(user);
    await db()
      .update(slots)
      .set({ status: "cancelled", cancelledAt: sql`app_now()` })
      .where(eq(slots.id, slot.id));
    await runDueWork(db());
    expectRefused(await load(path, cookie), 410, "withdrawn");
  });

  it("someone else's: 403; a link to no offer: 404", async () => {
    const user = await bookingUser(acme);
    const { path } = await offeredTo(user);
    const other = await sessionFor(await bookingUser(acme));
    const theirs = await load(path, other);
    expectRefused(theirs, 403, "not_yours");
    expect(theirs.data.bookingId).toBeNull();
    // Paying with another's offer: the same page, nothing booked.
    const paid = await payWith(path, other);
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(path);
    const made = new URL(path, "http://localhost");
    made.searchParams.set("offer", "x".repeat(32));
    expectRefused(await load(made.pathname + made.search, other), 404, "unknown");
  });
});
