import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, slots, waitlistEntries } from "~api/db/schema";
import { runDueWork } from "~api/jobs/due-work";
import * as waitlistRoute from "~/routes/_default.account.waitlist";
import * as consoleRoute from "~/routes/_console.console.departures.$departureId.waitlist";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import { api } from "../api/helpers/api";
import { bookingRow, bookingUser, bookingWorld, createSlot } from "../api/helpers/booking";
import { args, outcome, pageRequest, sessionFor, signedInUser } from "./helpers";
import { consoleLoad, memberOf } from "./console-helpers";

const { db, acme } = bookingWorld();

const PAGE = "/account/waitlist";
const load = (path: string, cookie: string | null) =>
  outcome(() => waitlistRoute.loader(args(pageRequest(path, { cookie })) as never));
const post = (cookie: string | null, form: Record<string, string>, origin?: string) =>
  outcome(() => waitlistRoute.action(args(pageRequest(PAGE, { cookie, form, origin })) as never));
const entriesOf = (userId: string) => db().select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId));

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
    const outbox = await api(`/v1/dev/outbox?to=${encodeURIComponent(user.email)}&limit=20`);
    const mail = (outbox.body.data as Array<{ kind: string; meta: Record<string, string> }>).find(
      (message) => message.kind === "waitlist_offer",
    )!;
    const link = new URL(mail.meta.link);
    const path = link.pathname + link.search;
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
    expect(page.data.waitlistOffer).toBe(link.searchParams.get("offer"));
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
  it("guards: signed out to sign-in, a non-member 404; every member sees the line in order", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
    const path = `/console/departures/${slot.id}/waitlist`;
    const params = { departureId: slot.id };
    const out = await consoleLoad(consoleRoute, path, null, params);
    expect(out.status).toBe(302);
    expect(out.location).toContain("/login?redirectUrl=");
    const stranger = await signedInUser();
    expect((await consoleLoad(consoleRoute, path, stranger.cookie, params)).status).toBe(404);
    const guide = await memberOf(db(), "guide");
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
