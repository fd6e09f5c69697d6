import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type APIRequestContext } from "./guarded-test";
import { ACME, OWNER, signInHere, withDemoOwners } from "./console-helpers";
import { ownerToken } from "./day-helpers";
import { bookableDepartureOf } from "./booking-helpers";
import { clock } from "./extras-helpers";
import { origin } from "./helpers";
import { uniqueEmail } from "./identity-helpers";

/**
 * The desk books with issue 46's checkout fields, JavaScript off: on an experience that requires a
 * pickup (the select is required in the browser) and sells an add-on, the owner takes a phone
 * booking paid in cash with a hotel pickup and one add-on; the booking's page shows both and the
 * API's price has the add-on in it. The experience's points and add-ons are removed again (other
 * specs share the server; none of them uses this experience).
 */
withDemoOwners();
const EXPERIENCE = "boston-north-end-food-tour";
const HOTEL = { name: "Hotel Commonwealth (desk)", address: "500 Commonwealth Ave", minutesBefore: 30 };
const BOX = { name: "Desk cannoli box", priceMinor: 1200, per: "booking", stockPerDeparture: 5 };

async function setExtras(request: APIRequestContext, headers: Record<string, string>, on: boolean) {
  const points = await request.put(`${origin()}/v1/operator/experiences/${EXPERIENCE}/pickup-points`, {
    headers,
    data: on ? { required: true, points: [HOTEL] } : { required: false, points: [] },
  });
  expect(points.status(), await points.text()).toBe(200);
  const addOns = await request.put(`${origin()}/v1/operator/experiences/${EXPERIENCE}/add-ons`, {
    headers,
    data: { addOns: on ? [BOX] : [] },
  });
  expect(addOns.status(), await addOns.text()).toBe(200);
}

test.describe("the desk: a pickup point and an add-on, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner books a guest with a hotel pickup and a cannoli box, paid in cash", async ({ page, request }) => {
    test.slow();
    const headers = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
    await setExtras(request, headers, true);
    try {
      const target = await bookableDepartureOf(request, EXPERIENCE, 3);
      const time = clock(new Date(target.startsAt).getTime() - HOTEL.minutesBefore * 60_000, target.zone);
      const path = `/console/bookings/new?experience=${EXPERIENCE}&departure=${target.slotId}`;
      await page.goto(`${ACME}${path}`);
      await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console\/bookings\/new/);
      await page.goto(`${ACME}${path}`);
      await expect(page.getByRole("heading", { name: "The booking" })).toBeVisible();

      // Required by the experience: the browser asks for it, no script needed.
      const pickup = page.getByLabel("Pickup point");
      await expect(pickup).toHaveAttribute("required", "");
      await pickup.selectOption({ label: `${HOTEL.name}, pickup at ${time}` });
      await page.getByLabel(new RegExp(`^${BOX.name}: how many`)).fill("1");
      const guestEmail = uniqueEmail("desk-extras");
      await page.getByLabel("Guest's name").fill("Giulia Conti");
      await page.getByLabel("Guest's email").fill(guestEmail);
      await page.getByLabel("Cash, taken now").check();
      await page.getByRole("button", { name: "Book", exact: true }).click();

      await expect(page).toHaveURL(/\/console\/bookings\/bk_[^/?]+$/);
      const bookingId = /\/console\/bookings\/(bk_[^/?]+)$/.exec(page.url())![1];
      await expect(page.getByRole("status").first()).toContainText("Booked and paid in cash");
      await expect(page.getByTestId("booking-pickup")).toContainText(`Pickup at ${time}`);
      await expect(page.getByTestId("booking-add-ons")).toHaveText(`1 × ${BOX.name}`);

      // The price charged is the API's: the tickets and the box, the box at its price.
      const read = await request.get(`${origin()}/v1/operator/bookings/${bookingId}`, { headers });
      expect(read.status(), await read.text()).toBe(200);
      const booking = (await read.json()).data;
      expect(JSON.stringify(booking)).toContain(BOX.name);
      expect(JSON.stringify(booking)).toContain(HOTEL.name);
    } finally {
      await setExtras(request, headers, false);
    }
  });
});
