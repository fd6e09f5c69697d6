import { readFile } from "node:fs/promises";
import { expect, test } from "./guarded-test";
import { ACME, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { ownerToken, ticketFromBookingPage, todaysBooking, typeCode, uidOf } from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, PASSWORD, uniqueEmail } from "./identity-helpers";

withDemoOwners();

// Issue 29's "done when", end to end: a traveller books and pays; the departure's guide opens the
// day's manifest, sees "2 Adults", checks one guest in by the typed code (JavaScript off) and the
// other by the code read from the booking's QR image (JavaScript on); the traveller can no longer
// cancel; the manifest's CSV holds the same rows as the page.
test("the guide's day: manifest, check-in by code and by QR, no cancelling after, the CSV as the page", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const booked = await todaysBooking(request);

  // The owner makes a guide of a new team member (invitation accepted) and assigns them the departure.
  const owner = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
  const guideEmail = uniqueEmail("journey-guide");
  const guide = await createCompleteUser(request, guideEmail, PASSWORD);
  const invited = await request.post(`${origin()}/v1/operator/invitations`, {
    headers: owner,
    data: { email: guideEmail, role: "guide" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL((await latestMail(request, guideEmail)).link).pathname.split("/").at(-1)!;
  const accepted = await request.post(`${origin()}/v1/operator/invitations/${token}/accept`, {
    headers: { Authorization: `Bearer ${guide.idToken}`, "X-Account-Context": "acme" },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const assigned = await request.patch(`${origin()}/v1/operator/departures/${booked.slotId}`, {
    headers: owner,
    data: { guideUserId: uidOf(guide.idToken) },
  });
  expect(assigned.ok(), await assigned.text()).toBeTruthy();

  // The traveller's ticket: the QR code on the booking page, decoded from its image.
  const code = await ticketFromBookingPage(page, booked.traveller, booked.bookingId);

  // JavaScript off: the guide's manifest of today shows the booking with "2 Adults"; one guest
  // is checked in by typing the code.
  const plain = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true });
  const desk = await plain.newPage();
  await desk.goto(`${ACME}/console/manifest`);
  await signInHere(desk, guideEmail, PASSWORD, /\/console\/manifest$/);
  const row = desk.locator(`[data-booking-id="${booked.bookingId}"]`);
  await expect(row.getByTestId("guests-label")).toHaveText("2 Adults");
  await desk.goto(`${ACME}/console/check-in`);
  await typeCode(desk, code, 1);
  await expect(desk.getByTestId("check-in-result")).toHaveAttribute("data-outcome", "ok");
  await expect(desk.getByTestId("check-in-reason")).toHaveText("1 of 2 guests let in now; 1 of 2 checked in.");

  // JavaScript on: the second guest by the code read from the QR image.
  const scripted = await browser.newContext({ javaScriptEnabled: true, acceptDownloads: true });
  const gate = await scripted.newPage();
  await gate.goto(`${ACME}/console/check-in`);
  await signInHere(gate, guideEmail, PASSWORD, /\/console\/check-in$/);
  await typeCode(gate, code);
  await expect(gate.getByTestId("check-in-result")).toHaveAttribute("data-outcome", "ok");
  await expect(gate.getByTestId("check-in-count")).toHaveText("2 of 2");
  await expectAxeClean(gate);

  // Both guests show as checked in on the manifest; its CSV holds the page's rows.
  await gate.goto(`${ACME}/console/manifest`);
  const guests = gate.locator(`[data-booking-id="${booked.bookingId}"] [data-testid="manifest-guest"]`);
  await expect(guests).toHaveCount(2);
  for (const guest of await guests.all()) await expect(guest).toHaveAttribute("data-status", "checked_in");
  const pageRows = await gate
    .locator("[data-booking-id]")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-booking-id")));
  const [download] = await Promise.all([
    gate.waitForEvent("download"),
    gate.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
  const header = lines[0].split(",");
  const csvRows = lines.slice(1).map((line) => line.split(","));
  expect(csvRows.map((cells) => cells[header.indexOf("booking_id")])).toEqual(pageRows);
  const ours = csvRows.find((cells) => cells[header.indexOf("booking_id")] === booked.bookingId)!;
  expect(ours[header.indexOf("guests")]).toBe("2 Adults");
  expect(ours[header.indexOf("checked_in")]).toBe("2");

  // The traveller can no longer cancel: the page says why, and the API refuses.
  await page.reload();
  await expect(page.getByTestId("checked-in-no-cancel")).toHaveText(
    "2 guests are checked in, so this booking can no longer be cancelled.",
  );
  const cancel = await request.post(`${origin()}/v1/bookings/${booked.bookingId}/cancel`, {
    headers: { Authorization: `Bearer ${booked.traveller.idToken}` },
  });
  expect(cancel.status()).toBe(409);
  expect((await cancel.json()).error.code).toBe("checked_in");
  await plain.close();
  await scripted.close();
});
