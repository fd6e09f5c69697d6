import { expect, test, type APIRequestContext } from "./guarded-test";
import { payWithCard } from "./booking-helpers";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { EXPERIENCE, soldOutDeparture } from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

withDemoOwners();

/**
 * The waitlist end to end: a departure of acme's sold out (2 seats, two bookings of 1), a traveller
 * joins its waitlist from the details page without JavaScript, one booking is cancelled, the due
 * work offers the seat, the offer email's link opens the confirm page and the traveller books it.
 */
test("join a sold-out departure's waitlist without JavaScript, get the freed seat by email and book it", async ({
  browser,
  request,
}) => {
  test.slow(); // two browsers, a booking, the used link again, the console
  const departure = await soldOutDeparture(request);
  const traveller = await createCompleteUser(request, uniqueEmail("wl-traveller"), PASSWORD, { operators: ["acme"] });

  // Without JavaScript: the sold-out time links to the waitlist; joining is a plain form.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto("/login");
  await signInWithPassword(page, traveller.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/experiences/${EXPERIENCE}/${departure.serviceId}?date=${departure.date}`);
  const slotLink = page
    .locator("label", { has: page.locator(`input[name="slot"][value="${departure.slotId}"]`) })
    .getByTestId("join-waitlist");
  await slotLink.click();
  await expect(page).toHaveURL(/\/account\/waitlist\?service=/);
  // The form names what it is for: the experience and option, the time with its zone.
  await expect(page.getByTestId("waitlist-join-departure")).toContainText(" — ");
  await expect(page.locator("#join-heading ~ p time")).toBeVisible();
  await page.getByLabel("Seats for your party").fill("1");
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByText("You are on the waitlist.")).toBeVisible();
  await expect(page.getByTestId("waitlist-status").first()).toHaveText("Waiting: number 1 in line");
  await plain.close();

  // One seat freed by a cancellation: the due work offers it (the test runs it now rather than waiting).
  const cancelled = await request.post(`${origin()}/v1/bookings/${departure.bookings[0]}/cancel`, {
    headers: { Authorization: `Bearer ${departure.seller.idToken}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  let link = "";
  await expect
    .poll(async () => {
      await request.post(`${origin()}/v1/dev/clock`, { data: { advanceMinutes: 0 } });
      const mail = await (
        await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(traveller.email)}&limit=20`)
      ).json();
      const offer = (mail.data as Array<{ kind: string; meta: Record<string, string> }>).find(
        (message) => message.kind === "waitlist_offer",
      );
      link = offer?.meta.link ?? "";
      return Boolean(link);
    })
    .toBe(true);
  // The public cannot have the freed seat meanwhile.
  const availability = await (
    await request.get(
      `${origin()}/v1/experiences/${EXPERIENCE}/services/${departure.serviceId}/availability?from=${departure.date}&to=${departure.date}`,
    )
  ).json();
  const slot = availability.data.days[0].slots.find((candidate: { id: string }) => candidate.id === departure.slotId);
  expect(slot.seatsLeft).toBe(0);

  // With JavaScript: the link opens the confirm page with the held seat; paying books it.
  const context = await browser.newContext();
  const live = await context.newPage();
  await live.goto("/login");
  await signInWithPassword(live, traveller.email, PASSWORD);
  await expect(live.getByRole("button", { name: "Sign out" })).toBeVisible();
  const url = new URL(link);
  await live.goto(url.pathname + url.search);
  await live.getByRole("button", { name: /^Pay / }).click();
  await payWithCard(live, "4242 4242 4242 4242");
  await expect(live.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  // The used link opened again: a clear page (not an error) with the way to the booking.
  const again = await live.goto(url.pathname + url.search);
  expect(again?.status()).toBe(409);
  await expect(live.getByRole("heading", { name: "You have already used this waitlist offer" })).toBeVisible();
  await live.getByRole("link", { name: "See your booking" }).click();
  await expect(live).toHaveURL(/\/account\/booking\/bk_[A-Za-z0-9_-]+$/);
  await expect(live.getByText("Confirmed", { exact: true })).toBeVisible();
  await live.goto("/account/waitlist");
  await expect(live.getByTestId("waitlist-status").first()).toHaveText("Booked");
  await expectAxeClean(live);
  await context.close();

  // The operator sees the departure's waitlist in the console.
  const consoleContext = await browser.newContext();
  const operator = await consoleContext.newPage();
  const path = `/console/departures/${departure.slotId}/waitlist`;
  await operator.goto(`${ACME}${path}`);
  await signInHere(operator, OWNER, DEMO_OWNER_PASSWORD, new RegExp(path));
  const rows = operator.getByTestId("console-waitlist").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Booked");
  await expectAxeClean(operator);
  await consoleContext.close();
});

/** The dev mailbox's waitlist offers to `to`. */
async function offersTo(request: APIRequestContext, to: string) {
  const mail = await (await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=20`)).json();
  return (mail.data as Array<{ kind: string; meta: Record<string, string> }>).filter(
    (message) => message.kind === "waitlist_offer",
  );
}

test("parties of 3, 2 and 1: a 2-seat cancellation goes to the second; unanswered, it passes on with the clock; none after the start", async ({
  request,
}) => {
  // Sold out: 2 seats and 1 seat booked, two days from the product's clock (before the cancellation cut-off).
  const departure = await soldOutDeparture(request, { parties: [2, 1], hoursAhead: 50 });
  const waiting = [];
  for (const seats of [3, 2, 1]) {
    const traveller = await createCompleteUser(request, uniqueEmail(`wl-party${seats}`), PASSWORD, {
      operators: ["acme"],
    });
    const joined = await request.post(`${origin()}/v1/waitlist`, {
      headers: { Authorization: `Bearer ${traveller.idToken}` },
      data: { serviceId: departure.serviceId, slotId: departure.slotId, seats },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    waiting.push(traveller);
  }
  const [first, second, third] = waiting;
  const cancelled = await request.post(`${origin()}/v1/bookings/${departure.bookings[0]}/cancel`, {
    headers: { Authorization: `Bearer ${departure.seller.idToken}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect
    .poll(async () => {
      await request.post(`${origin()}/v1/dev/clock`, { data: { advanceMinutes: 0 } });
      return (await offersTo(request, second.email)).length;
    })
    .toBe(1);
  expect(await offersTo(request, first.email)).toHaveLength(0);
  expect(await offersTo(request, third.email)).toHaveLength(0);
  // The public cannot book the freed seats.
  const quote = await request.post(`${origin()}/v1/bookings/quote`, {
    data: {
      serviceId: departure.serviceId,
      slotId: departure.slotId,
      tickets: [{ ticketTypeId: departure.adult, quantity: 1 }],
    },
  });
  expect((await quote.json()).data.seatsLeft).toBe(0);

  // Twelve hours on (WAITLIST_OFFER_HOURS) the offer has expired: the third's party fits, the first's does not.
  const moved = await request.post(`${origin()}/v1/dev/clock`, { data: { advanceMinutes: 12 * 60 + 1 } });
  expect((await moved.json()).data.ran.waitlistExpired).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await offersTo(request, third.email)).length).toBe(1);
  expect(await offersTo(request, first.email)).toHaveLength(0);

  // Past the start: no more offers (the third's ran out at the cut-off; the first is never offered).
  const start = await request.post(`${origin()}/v1/dev/clock`, {
    data: { now: new Date(Date.parse(departure.startsAt) + 60_000).toISOString() },
  });
  expect(start.status()).toBe(200);
  expect(await offersTo(request, first.email)).toHaveLength(0);
  expect(await offersTo(request, second.email)).toHaveLength(1);
});
