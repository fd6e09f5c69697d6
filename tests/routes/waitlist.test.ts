import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, slots, waitlistEntries, waitlistOffers } from "~api/db/schema";
import { runDueWork } from "~api/jobs/due-work";
import * as waitlistRoute from "~/routes/_default.account.waitlist";
import * as consoleRoute from "~/routes/_console.console.departures.$departureId.waitlist";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import { bookingRow, bookingUser, bookingWorld, createSlot, pay, sessionIdOf } from "../support/booking";
import { type TestUser } from "../support/identity";
import { args, outcome, pageRequest, sessionFor, signedInUser } from "../support/routes";
import { consoleLoad, memberOf } from "../support/console-routes";
import { v1 } from "../support/client";

const { db, acme } = bookingWorld();

const PAGE = "/account/waitlist";
const load = (path: string, cookie: string | null) =>
  outcome(() => waitlistRoute.loader(args(pageRequest(path, { cookie })) as never));
const post = (cookie: string | null, form: Record<string, string>, origin?: string) =>
  outcome(() => waitlistRoute.action(args(pageRequest(PAGE, { cookie, form, origin })) as never));
const entriesOf = (userId: string) => db().select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId));

/** The path (and query) of the newest waitlist offer's link mailed to `email`. */
async function offerPathFor(email: string): Promise<string> {
  const outbox = await v1.devOutbox({ query: { to: email, limit: "20" } });
  const mail = (outbox.body.data as Array<{ kind: string; meta: Record<string, string> }>).find(
    (message) => message.kind === "waitlist_offer",
  )!;
  const link = new URL(mail.meta.link);
  return link.pathname + link.search;
}

describe("/account/waitlist", () => {
  it("signed out: to sign-in; the join form shows for ?service=&slot=; joining and leaving work without JavaScript", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
    const signedOut = await load(PAGE, null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toContain("/login?redirectUrl=");
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const page = await load(`${PAGE}?service=${acme.serviceId}&slot=${slot.id}`, cookie);
    expect(page.status).toBe(200);
    // The form names what it is for: experience, option, time and the experience's zone.
    expect(page.data.join).toEqual({
      experienceId: acme.experienceId,
      experienceTitle: acme.experienceTitle,
      serviceId: acme.serviceId,
      serviceName: acme.serviceName,
      slotId: slot.id,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      timezone: acme.timezone,
      seatsLeft: 0,
    });
    expect(page.data.joinGone).toBe(false);
    // A departure that is gone: no form, and the page says so.
    const gone = await load(`${PAGE}?service=${acme.serviceId}&slot=no-such-slot`, cookie);
    expect(gone.status).toBe(200);
    expect(gone.data.join).toBeNull();
    expect(gone.data.joinGone).toBe(true);
    expect(page.data.entries).toEqual([]);

    // Another site's post is refused; a bad party size is the form's error, nothing joined.
    const foreign = await post(
      cookie,
      { intent: "join", serviceId: acme.serviceId, slotId: slot.id, seats: "1" },
      "https://evil.example",
    );
    expect(foreign.status).toBe(403);
    const bad = await post(cookie, { intent: "join", serviceId: acme.serviceId, slotId: slot.id, seats: "0" });
    expect(bad.status).toBe(400);
    expect(await entriesOf(user.uid)).toHaveLength(0);

    const joined = await post(cookie, { intent: "join", serviceId: acme.serviceId, slotId: slot.id, seats: "2" });
    expect(joined.status).toBe(302);
    expect(joined.location).toBe(PAGE);
    const [entry] = await entriesOf(user.uid);
    expect(entry).toMatchObject({ slotId: slot.id, seats: 2, status: "waiting" });
    // Joined: the form is gone, the entry listed with its place in line.
    const after = await load(`${PAGE}?service=${acme.serviceId}&slot=${slot.id}`, cookie);
    expect(after.data.join).toBeNull();
    expect(after.data.entries[0]).toMatchObject({ id: entry.id, placeInLine: 1 });
    // Joining again is the API's refusal, shown on the page.
    const again = await post(cookie, { intent: "join", serviceId: acme.serviceId, slotId: slot.id, seats: "1" });
    expect(again.status).toBe(409);

    // Someone else cannot leave it.
    const other = await sessionFor(await bookingUser(acme));
    expect((await post(other, { intent: "leave", entryId: entry.id })).status).toBe(404);
    const left = await post(cookie, { intent: "leave", entryId: entry.id });
    expect(left.status).toBe(302);
    expect((await entriesOf(user.uid))[0].status).toBe("left");
  });
});

describe("the offer link opens the confirm page with the held seats", () => {
  it("the quote counts the offer's seats and placing the booking takes them", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    expect(
      (await post(cookie, { intent: "join", serviceId: acme.serviceId, slotId: slot.id, seats: "1" })).status,
    ).toBe(302);
    await db().update(slots).set({ capacity: 3 }).where(eq(slots.id, slot.id));
    await runDueWork(db());
    const path = await offerPathFor(user.email);
    const params = { parentId: acme.experienceId, serviceId: acme.serviceId };
    // Without the offer the departure is sold out to this traveller too.
    const withoutOffer = await outcome(() =>
      confirmRoute.loader(args(pageRequest(path.replace(/&offer=[^&]+/, ""), { cookie }), params) as never),
    );
    expect(withoutOffer.data.quote.seatsLeft).toBe(0);
    const page = await outcome(() => confirmRoute.loader(args(pageRequest(path, { cookie }), params) as never));
    expect(page.status).toBe(200);
    expect(page.data.quote.seatsLeft).toBe(1);
    // Applying a promo code (a GET form) keeps the offer in the address.
    expect(page.data.waitlistOffer).toBe(new URL(path, "http://localhost").searchParams.get("offer"));
    expect(withoutOffer.data.waitlistOffer).toBeNull();
    const placed = await outcome(() =>
      confirmRoute.action(
        args(pageRequest(path, { cookie, form: { idempotencyKey: randomUUID(), operator: "acme" } }), params) as never,
      ),
    );
    expect(placed.status).toBe(302);
    expect(placed.location).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    const [entry] = await entriesOf(user.uid);
    expect(entry.status).toBe("booked");
    const [booking] = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect((await bookingRow(db(), booking.id)).status).toBe("held");
  });
});

describe("/console/departures/{id}/waitlist", () => {
  it("guards: signed out to sign-in, a non-member 404, a guide 404 but on their own departure; members see the line in order", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
    const path = `/console/departures/${slot.id}/waitlist`;
    const params = { departureId: slot.id };
    const out = await consoleLoad(consoleRoute, path, null, params);
    expect(out.status).toBe(302);
    expect(out.location).toContain("/login?redirectUrl=");
    const stranger = await signedInUser();
    expect((await consoleLoad(consoleRoute, path, stranger.cookie, params)).status).toBe(404);
    const guide = await memberOf(db(), "guide");
    // Not assigned to them (no one's yet): as unknown.
    expect((await consoleLoad(consoleRoute, path, guide.cookie, params)).status).toBe(404);
    const manager = await memberOf(db(), "manager");
    expect((await consoleLoad(consoleRoute, path, manager.cookie, params)).status).toBe(200);
    await db().update(slots).set({ guideUserId: guide.user.uid }).where(eq(slots.id, slot.id));
    const empty = await consoleLoad(consoleRoute, path, guide.cookie, params);
    expect(empty.status).toBe(200);
    expect(empty.data.waitlist.entries).toEqual([]);

    const travellers = [await bookingUser(acme), await bookingUser(acme)];
    for (const [index, traveller] of travellers.entries()) {
      const joined = await post(await sessionFor(traveller), {
        intent: "join",
        serviceId: acme.serviceId,
        slotId: slot.id,
        seats: String(index + 1),
      });
      expect(joined.status).toBe(302);
    }
    const listed = await consoleLoad(consoleRoute, path, guide.cookie, params);
    expect(
      listed.data.waitlist.entries.map((entry: { seats: number; status: string }) => [entry.seats, entry.status]),
    ).toEqual([
      [1, "waiting"],
      [2, "waiting"],
    ]);
    // Another operator's departure (or none) is 404.
    const harbor = await memberOf(db(), "owner", "harbor");
    expect((await consoleLoad(consoleRoute, path, harbor.cookie, params, "harbor.app.localhost:3000")).status).toBe(
      404,
    );
    expect(
      (await consoleLoad(consoleRoute, "/console/departures/nope/waitlist", guide.cookie, { departureId: "nope" }))
        .status,
    ).toBe(404);
  });
});

/**
 * A waitlist offer's link that cannot be used (issue 39 item 4): used, expired, left (declined),
 * withdrawn, someone else's or unknown, each its own 4xx page saying which (never a 500, never
 * "Something went wrong"); paying with it again shows that page.
 */
const confirmParams = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });
const loadConfirm = (path: string, cookie: string) =>
  outcome(() => confirmRoute.loader(args(pageRequest(path, { cookie }), confirmParams()) as never));
const payWith = (path: string, cookie: string) =>
  outcome(() =>
    confirmRoute.action(
      args(
        pageRequest(path, { cookie, form: { idempotencyKey: randomUUID(), operator: "acme" } }),
        confirmParams(),
      ) as never,
    ),
  );

/** A sold-out departure, `user` on its waitlist, a seat freed and offered: the offer link's path, and its entry. */
async function offeredTo(user: TestUser) {
  const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
  const joined = await v1.joinWaitlist({
    token: user.idToken,
    body: { serviceId: acme.serviceId, slotId: slot.id, seats: 1 },
  });
  expect(joined.status).toBe(201);
  await db().update(slots).set({ capacity: 3 }).where(eq(slots.id, slot.id));
  await runDueWork(db());
  return { slot, entryId: joined.body.data.id as string, path: await offerPathFor(user.email) };
}

/** A new guest, signed in (their cookie), with an offer as offeredTo makes it. */
async function offeredToNewGuest() {
  const user = await bookingUser(acme);
  const cookie = await sessionFor(user);
  return { user, cookie, ...(await offeredTo(user)) };
}

/** The refusal page: its status, which way, the way on. */
function expectRefused(page: Awaited<ReturnType<typeof loadConfirm>>, status: number, state: string) {
  expect(page.status).toBe(status);
  expect(page.data).toMatchObject({
    waitlistOfferRefused: state,
    detailsPath: `/experiences/${acme.experienceId}/${acme.serviceId}`,
  });
}

describe("a waitlist offer link that cannot be used", () => {
  it("used: opened again after paying it says so and links to the booking; paying again shows that page, not an error", async () => {
    const { cookie, path } = await offeredToNewGuest();
    expect((await loadConfirm(path, cookie)).status).toBe(200);
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

    const again = await loadConfirm(path, cookie);
    expectRefused(again, 409, "used");
    expect(again.data.bookingId).toBe(offer.bookingId);
    expect(again.data.joinAgainPath).toBeNull();
    expect((await bookingRow(db(), offer.bookingId!)).status).toBe("confirmed");
    // The page was still open in another tab: paying with the used offer shows the same page.
    const paidAgain = await payWith(path, cookie);
    expect(paidAgain.status).toBe(302);
    expect(paidAgain.location).toBe(path);
    expectRefused(await loadConfirm(paidAgain.location!, cookie), 409, "used");
  });

  it("expired: 410, before and after the sweep closes it", async () => {
    const { cookie, slot, path } = await offeredToNewGuest();
    await db()
      .update(waitlistOffers)
      .set({ expiresAt: sql`app_now() - interval '1 minute'` })
      .where(eq(waitlistOffers.slotId, slot.id));
    expectRefused(await loadConfirm(path, cookie), 410, "expired");
    await runDueWork(db());
    const lapsed = await loadConfirm(path, cookie);
    expectRefused(lapsed, 410, "expired");
    // The way back in line for the same time (issue 39, item 4): its join form.
    expect(lapsed.data.joinAgainPath).toBe(`/account/waitlist?service=${acme.serviceId}&slot=${slot.id}`);
  });

  it("left (declined): 410", async () => {
    const { user, cookie, entryId, path } = await offeredToNewGuest();
    const left = await v1.leaveWaitlist({ params: { entryId }, token: user.idToken });
    expect(left.body.data.status).toBe("declined");
    expectRefused(await loadConfirm(path, cookie), 410, "declined");
  });

  it("withdrawn (the operator cancelled the departure): 410, though the departure can no longer be priced", async () => {
    const { cookie, slot, path } = await offeredToNewGuest();
    await db()
      .update(slots)
      .set({ status: "cancelled", cancelledAt: sql`app_now()` })
      .where(eq(slots.id, slot.id));
    await runDueWork(db());
    expectRefused(await loadConfirm(path, cookie), 410, "withdrawn");
  });

  it("someone else's: 403; a link to no offer: 404", async () => {
    const user = await bookingUser(acme);
    const { path } = await offeredTo(user);
    const other = await sessionFor(await bookingUser(acme));
    const theirs = await loadConfirm(path, other);
    expectRefused(theirs, 403, "not_yours");
    expect(theirs.data.bookingId).toBeNull();
    // Paying with another's offer: the same page, nothing booked.
    const paid = await payWith(path, other);
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(path);
    const made = new URL(path, "http://localhost");
    made.searchParams.set("offer", "x".repeat(32));
    expectRefused(await loadConfirm(made.pathname + made.search, other), 404, "unknown");
  });
});
