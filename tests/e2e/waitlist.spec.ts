import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "./guarded-test";
import { payWithCard } from "./booking-helpers";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { EXPERIENCE, ownerToken } from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

withDemoOwners();

/**
 * The waitlist end to end: a departure of acme's sold out (2 seats, two bookings of 1), a traveller
 * joins its waitlist from the details page without JavaScript, one booking is cancelled, the due
 * work offers the seat, the offer email's link opens the confirm page and the traveller books it.
 */
async function soldOutDeparture(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
  const services = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/services`, { headers })
  ).json();
  const service = services.data.services[0];
  const adult = service.ticketTypes.find((type: { code: string }) => type.code === "adult");
  const listed = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/departures`, { headers })
  ).json();
  const zone = listed.data.experience.timezone as string;
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(
    new Date(Date.now() + (5 + Math.floor(Math.random() * 20)) * 86_400_000),
  );
  const minute = String(1 + 2 * Math.floor(Math.random() * 29)).padStart(2, "0");
  const created = await request.post(`${origin()}/v1/operator/services/${service.id}/departures`, {
    headers,
    data: { date, time: `${String(6 + Math.floor(Math.random() * 12)).padStart(2, "0")}:${minute}`, capacity: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const slotId = (await created.json()).data.id as string;

  const seller = await createCompleteUser(request, uniqueEmail("wl-seller"), PASSWORD, { operators: ["acme"] });
  const bookings: string[] = [];
  for (let i = 0; i < 2; i++) {
    const placed = await request.post(`${origin()}/v1/bookings`, {
      headers: { Authorization: `Bearer ${seller.idToken}`, "Idempotency-Key": randomUUID() },
      data: {
        serviceId: service.id,
        slotId,
        tickets: [{ ticketTypeId: adult.id, quantity: 1 }],
        returnUrl: `/experiences/${EXPERIENCE}/${service.id}/return/{bookingId}`,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { booking, checkoutUrl } = (await placed.json()).data;
    const sessionId = /cs_sandbox_[A-Za-z0-9_-]+/.exec(checkoutUrl)![0];
    const paid = await request.post(`${origin()}/v1/payments/sandbox/checkouts/${sessionId}/pay`, {
      data: { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
    });
    expect(paid.ok()).toBeTruthy();
    bookings.push(booking.id as string);
  }
  return { serviceId: service.id as string, slotId, date, seller, bookings };
}

test("join a sold-out departure's waitlist without JavaScript, get the freed seat by email and book it", async ({
  browser,
  request,
}) => {
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
