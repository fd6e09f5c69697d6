import { expect, test, type APIRequestContext, withJavaScriptOnAndOff } from "./guarded-test";
import { bookAndPay, findBookableDay, signIn } from "./booking-helpers";
import { origin } from "./helpers";

/**
 * The back button after paying (issue 39, item 2): the paid checkout says it is paid and leads to
 * the booking; the pay page says the departure is already booked, and Pay makes no second booking
 * without the traveller's deliberate choice, with JavaScript on and off.
 */
async function bookingsOf(request: APIRequestContext, idToken: string, startsAt: string) {
  const list = await (
    await request.get(`${origin()}/v1/bookings?filter=upcoming`, { headers: { Authorization: `Bearer ${idToken}` } })
  ).json();
  return (list.data.items as Array<{ startsAt: string; status: string }>).filter(
    (booking) => booking.startsAt === startsAt && booking.status !== "cancelled",
  );
}

withJavaScriptOnAndOff("", (javaScriptEnabled) => {
  test("pay, Back twice, Pay: no second booking without the explicit choice", async ({ page, request }) => {
    const target = await findBookableDay(request);
    const user = await signIn(page, request);
    await bookAndPay(page, target);
    await expect(page).toHaveURL(/\/return\/bk_/);
    const bookingId = /\/return\/(bk_[A-Za-z0-9_-]+)/.exec(page.url())![1];

    // One Back: the checkout, paid, with the way on to the booking.
    await page.goBack();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await expect(page.getByTestId("checkout-paid")).toContainText("This checkout is paid");
    await expect(page.getByText("This checkout is closed")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See your booking" })).toHaveAttribute(
      "href",
      `/account/booking/${bookingId}`,
    );

    // A second Back: the pay page, which says so first; Pay alone books nothing.
    await page.goBack();
    await expect(page).toHaveURL(/\/confirm\?/);
    if (javaScriptEnabled) await expect(page.getByTestId("already-booked")).toContainText("You already booked");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/confirm\?/);
    await expect(page.getByTestId("already-booked")).toContainText("You already booked this departure");
    await expect(page.getByTestId("already-booked").getByRole("link", { name: "See that booking" })).toHaveAttribute(
      "href",
      `/account/booking/${bookingId}`,
    );
    expect(await bookingsOf(request, user.idToken, target.slot.startsAt)).toHaveLength(1);

    // The deliberate choice: more seats, a second booking.
    await page.getByLabel(/Yes, make a second booking/).check();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await expect(page.getByTestId("checkout-amount")).toBeVisible();
    expect(await bookingsOf(request, user.idToken, target.slot.startsAt)).toHaveLength(2);
  });
});
