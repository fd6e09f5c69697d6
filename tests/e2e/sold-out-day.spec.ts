import { expect, test, type APIRequestContext, withJavaScriptOnAndOff } from "./guarded-test";
import { withDemoOwners } from "./console-helpers";
import { EXPERIENCE, ownerToken, soldOutDeparture } from "./day-helpers";
import { origin } from "./helpers";

withDemoOwners();

/**
 * A sold-out day (issue 39, item 8): no price and no "Continue to booking" (which only answered
 * "Choose a time"), but "sold out", the waitlist of its times and the next day with seats, with
 * JavaScript on and off. The day's other departures are closed for the test (then reopened).
 */
async function closeOthers(request: APIRequestContext, departure: { serviceId: string; slotId: string; date: string }) {
  const headers = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
  const listed = await (
    await request.get(
      `${origin()}/v1/operator/experiences/${EXPERIENCE}/departures?service=${departure.serviceId}&from=${departure.date}&to=${departure.date}`,
      { headers },
    )
  ).json();
  const others = (listed.data.departures as Array<{ id: string; status: string }>).filter(
    (row) => row.id !== departure.slotId && row.status === "open",
  );
  const setStatus = async (status: "open" | "closed") => {
    for (const row of others) {
      const changed = await request.patch(`${origin()}/v1/operator/departures/${row.id}`, {
        headers,
        data: { status },
      });
      expect(changed.status(), await changed.text()).toBe(200);
    }
  };
  await setStatus("closed");
  return () => setStatus("open");
}

withJavaScriptOnAndOff("", () => {
  test("a sold-out day says so, offers the waitlist and the next day with seats", async ({ page, request }) => {
    const departure = await soldOutDeparture(request, { parties: [1], hoursAhead: 24 * 9 + 3 });
    const reopen = await closeOthers(request, departure);
    try {
      await page.goto(`/experiences/${EXPERIENCE}/${departure.serviceId}?date=${departure.date}`);
      const soldOut = page.getByTestId("day-sold-out");
      await expect(soldOut).toContainText("is sold out");
      await expect(page.getByRole("button", { name: "Continue to booking" })).toHaveCount(0);
      await expect(page.getByTestId("price-total")).toHaveCount(0);
      await expect(page.getByTestId("join-waitlist")).toHaveCount(1);
      // The next day with seats, one click away, with its times to book.
      await soldOut.getByTestId("next-open-day").click();
      await expect(page).not.toHaveURL(new RegExp(`date=${departure.date}`));
      await expect(page).toHaveURL(/date=\d{4}-\d\d-\d\d/);
      await expect(page.getByTestId("day-sold-out")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Continue to booking" })).toBeVisible();
    } finally {
      await reopen();
    }
  });
});
