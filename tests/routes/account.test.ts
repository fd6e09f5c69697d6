import { describe, expect, it } from "vitest";
import * as bookingsRoute from "~/routes/_default.account.bookings.($filter)";
import * as notificationsRoute from "~/routes/_default.account.notifications";
import * as paymentsRoute from "~/routes/_default.account.payments";
import * as accountRoute from "~/routes/_account.account._index";
import { bookingWorld, bookingUser, confirmedBooking, createSlot } from "../support/booking";
import {
  args,
  loaded,
  outcome,
  pageRequest,
  sessionFor,
  signedInUser,
  signedInBooking,
  posted,
} from "../support/routes";
import { v1 } from "../support/client";

const { db, acme } = bookingWorld();

/** A traveller with `count` confirmed bookings on one new departure, and their session cookie. */
async function signedInWithBookings(count: number) {
  const user = await bookingUser(acme);
  const slot = await createSlot(db(), acme.serviceId, { capacity: 2 * count });
  for (let i = 0; i < count; i++) await confirmedBooking(user, acme, slot.id);
  return { user, cookie: await sessionFor(user) };
}

describe("guards of the account pages", () => {
  it.each([
    ["/account", accountRoute.loader, {}],
    ["/account/bookings", bookingsRoute.loader, {}],
    ["/account/bookings/past?page=2", bookingsRoute.loader, { filter: "past" }],
    ["/account/notifications", notificationsRoute.loader, {}],
    ["/account/payments", paymentsRoute.loader, {}],
  ] as const)("%s without a session goes to /login with the page to come back to", async (path, loader, params) => {
    const result = await outcome(() => loader(args(pageRequest(path), params) as never));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?${new URLSearchParams({ redirectUrl: path })}`);
  });

  it("a session the API no longer accepts goes to /login?errorCode=440 and clears the cookie", async () => {
    const result = await outcome(() =>
      bookingsRoute.loader(args(pageRequest("/account/bookings", { cookie: "__session=aaa.bbb.ccc" })) as never),
    );
    expect(result.status).toBe(302);
    expect(result.location).toContain("errorCode=440");
    expect(result.headers.get("Set-Cookie")).toMatch(/^__session=;.*Max-Age=0/);
  });
});

describe("/account/bookings", () => {
  it("lists the user's own bookings by filter; an unknown filter is 404", async () => {
    const { booking, cookie } = await signedInBooking(db(), acme);
    const upcoming = await outcome(() =>
      bookingsRoute.loader(args(pageRequest("/account/bookings", { cookie }), {}) as never),
    );
    expect(upcoming.data.bookings.items.map((item: { id: string }) => item.id)).toEqual([booking.id]);
    const nope = await outcome(() =>
      bookingsRoute.loader(args(pageRequest("/account/bookings/nope", { cookie }), { filter: "nope" }) as never),
    );
    expect(nope.status).toBe(404);
  });

  it("each booking links to its page, where cancelling is confirmed first", async () => {
    const { booking, cookie } = await signedInBooking(db(), acme);
    const page = await outcome(() =>
      bookingsRoute.loader(args(pageRequest("/account/bookings", { cookie }), {}) as never),
    );
    const [item] = page.data.bookings.items;
    expect(item).toMatchObject({ id: booking.id, canCancel: true });
    expect(item.reference).toMatch(/^WF-/);
  });
});

describe("/account/payments", () => {
  it("pages through every payment (the API's list), 10 a page", async () => {
    const { cookie } = await signedInWithBookings(11);
    const first = await loaded(paymentsRoute, "/account/payments", cookie);
    expect(first.data.payments).toMatchObject({ page: 1, total: 11, totalPages: 2 });
    expect(first.data.payments.items).toHaveLength(10);
    const second = await loaded(paymentsRoute, "/account/payments?page=2", cookie);
    expect(second.data.payments.items).toHaveLength(1);
    const junk = await loaded(paymentsRoute, "/account/payments?page=x%00", cookie);
    expect(junk.data.payments.page).toBe(1);
  });
});

describe("/account/notifications", () => {
  it("shows the user's notifications and marks one read; a foreign or bad id is refused", async () => {
    const { cookie } = await signedInWithBookings(1);
    const page = await loaded(notificationsRoute, "/account/notifications?page=1", cookie);
    const [first] = page.data.notifications.items;
    expect(first.readAt).toBeNull();
    const stranger = await signedInUser();
    const foreign = await posted(notificationsRoute, "/account/notifications", stranger.cookie, {
      intent: "one",
      id: first.id,
    });
    expect(foreign.status).toBe(404);
    const read = await posted(notificationsRoute, "/account/notifications", cookie, { intent: "one", id: first.id });
    expect(read.data.result.status).toBe("success");
    const after = await loaded(notificationsRoute, "/account/notifications", cookie);
    expect(after.data.notifications.items[0].readAt).not.toBeNull();
    const more = await loaded(notificationsRoute, "/account/notifications", cookie);
    expect(more.data.notifications.unread).toBe(0);
    const badPage = await loaded(notificationsRoute, "/account/notifications?page=abc", cookie);
    expect(badPage.data.notifications.page).toBe(1);
  });
});

describe("unread notifications", () => {
  it("are counted for the badge and can all be marked read at once", async () => {
    const { user, cookie } = await signedInWithBookings(2);
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.body.data.unreadNotifications).toBe(2);
    const all = await posted(notificationsRoute, "/account/notifications", cookie, { intent: "all" });
    expect(all.data.result.status).toBe("success");
    expect((await v1.userInfo({ token: user.idToken })).body.data.unreadNotifications).toBe(0);
  });
});
