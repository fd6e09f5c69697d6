import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { browserUse } from "../playwright-browser";
import { expect, test, type Browser, type Page } from "./guarded-test";
import { ACME, OWNER, expectAxeClean, withDemoOwners } from "./console-helpers";
import { soldOutDeparture, ticketFromBookingPage, todaysBooking, typeCode } from "./day-helpers";
import { origin, PORT } from "./helpers";
import { signInWithPassword } from "./identity-helpers";

withDemoOwners();

/** The fake camera's picture (Chromium reads it when the page asks for the camera). */
const CAMERA_FILE = `/tmp/wayfarer-e2e-camera-${PORT}.y4m`;

// The file's browser has a fake camera that shows CAMERA_FILE (written by the camera test before it asks).
const base = browserUse(PORT)!.launchOptions!;
test.use({
  launchOptions: {
    ...base,
    args: [
      ...(base.args ?? []),
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});

async function signInToCheckIn(page: Page) {
  await page.goto(`${ACME}/console/check-in`);
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await signInWithPassword(page, OWNER, DEMO_OWNER_PASSWORD);
  await expect(page).toHaveURL(/\/console\/check-in$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check-in");
}

async function newContext(browser: Browser, javaScriptEnabled: boolean) {
  return browser.newContext({ javaScriptEnabled, baseURL: origin() });
}

test.describe("tickets and check-in by code", () => {
  test("the booking's QR code is read from the page; one guest is checked in by typed code (JS off), the other by the decoded QR (JS on); again: already checked in with the time; the traveller can no longer cancel", async ({
    browser,
    page,
    request,
  }) => {
    const { traveller, bookingId } = await todaysBooking(request);
    const code = await ticketFromBookingPage(page, traveller, bookingId);
    await expect(page.getByRole("button", { name: /cancel/i })).toHaveCount(0);

    // JavaScript off: the owner types the code (grouped, lower case) for one guest.
    const plain = await newContext(browser, false);
    const desk = await plain.newPage();
    await signInToCheckIn(desk);
    await expect(desk.getByRole("button", { name: "Scan with the camera" })).toHaveCount(0);
    await typeCode(desk, code.toLowerCase().replace(/(.{4})/g, "$1 "), 1);
    const first = desk.getByTestId("check-in-result");
    await expect(first).toHaveAttribute("data-outcome", "ok");
    await expect(first.getByRole("heading")).toHaveAccessibleName("Checked in");
    await expect(desk.getByTestId("check-in-reason")).toHaveText("1 of 2 guests let in now; 1 of 2 checked in.");
    await expect(desk.getByTestId("check-in-guests")).toHaveText("2 Adults");
    await expect(desk).toHaveURL(/#check-in-result$/);
    await plain.close();

    // JavaScript on: the decoded QR code lets the other guest in; the answer takes the focus.
    const scripted = await newContext(browser, true);
    const gate = await scripted.newPage();
    await signInToCheckIn(gate);
    await expect(gate.getByRole("button", { name: "Scan with the camera" })).toBeVisible();
    await expectAxeClean(gate);
    await typeCode(gate, code);
    const second = gate.getByTestId("check-in-result");
    await expect(second).toHaveAttribute("data-outcome", "ok");
    await expect(second).toBeFocused();
    await expect(gate.getByTestId("check-in-count")).toHaveText("2 of 2");
    await expectAxeClean(gate);

    // Once more: already checked in, with the time of the first.
    await typeCode(gate, code);
    await expect(gate.getByTestId("check-in-result")).toHaveAttribute("data-outcome", "already_checked_in");
    await expect(gate.getByTestId("check-in-reason")).toHaveText(
      /^Every guest was already checked in; the first at .+\d{1,2}:\d{2}/,
    );
    // A code that is no ticket.
    await typeCode(gate, "0".repeat(26));
    await expect(gate.getByTestId("check-in-result")).toHaveAttribute("data-outcome", "invalid");
    await expect(gate.getByTestId("check-in-result").getByRole("heading")).toHaveAccessibleName("Unknown code");
    await scripted.close();

    // The traveller's page says why the booking cannot be cancelled.
    await page.reload();
    await expect(page.getByTestId("checked-in-no-cancel")).toHaveText(
      "2 guests are checked in, so this booking can no longer be cancelled.",
    );
    await expect(page.getByRole("button", { name: /cancel/i })).toHaveCount(0);
  });

  test("a ticket of another day: the answer says its date, time and zone; the code read is shown as the ticket prints it, however it was typed (JavaScript off and on)", async ({
    browser,
    request,
  }) => {
    // A departure some days on (acme's experience is in New York), one paid guest.
    const departure = await soldOutDeparture(request, { parties: [1] });
    const booking = await (
      await request.get(`${origin()}/v1/bookings/${departure.bookings[0]}`, {
        headers: { Authorization: `Bearer ${departure.seller.idToken}` },
      })
    ).json();
    const code = booking.data.ticketCode as string;
    const zone = "America/New_York";
    const at = new Date(departure.startsAt);
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: zone }).format(at);
    const time = new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      timeZone: zone,
    }).format(at);
    const printed = code.match(/.{1,4}/g)!.join(" ");
    // Typed in threes, lower case, with a dash: the spaces must not count as characters.
    const typed = code
      .toLowerCase()
      .replace(/(.{3})/g, "$1 ")
      .replace(" ", "-");
    for (const javaScriptEnabled of [false, true]) {
      const context = await newContext(browser, javaScriptEnabled);
      const desk = await context.newPage();
      await signInToCheckIn(desk);
      await typeCode(desk, typed);
      const result = desk.getByTestId("check-in-result");
      await expect(result).toHaveAttribute("data-outcome", "wrong_date");
      await expect(result.getByRole("heading")).toHaveAccessibleName("Wrong date");
      await expect(desk.getByTestId("check-in-reason")).toHaveText(
        `This booking is for ${day}, ${time} (${zone}), not today.`,
      );
      await expect(desk.getByTestId("check-in-code")).toHaveText(`Last code read: ${printed}`);
      if (javaScriptEnabled) await expectAxeClean(desk);
      await context.close();
    }
  });

  test("the owner turns on “require check-in” without JavaScript", async ({ browser }) => {
    const plain = await newContext(browser, false);
    const desk = await plain.newPage();
    await signInToCheckIn(desk);
    const box = desk.getByLabel("Only guests who were checked in get the tip email and the review invitation");
    await expect(box).not.toBeChecked();
    await box.check();
    await desk.getByRole("button", { name: "Save setting" }).click();
    await expect(desk.getByRole("status")).toHaveText("Check-in setting saved.");
    await expect(desk.getByTestId("check-in-setting")).toHaveText("Check-in is required for tip and review emails.");
    await desk.getByLabel("Only guests who were checked in get the tip email and the review invitation").uncheck();
    await desk.getByRole("button", { name: "Save setting" }).click();
    await expect(desk.getByTestId("check-in-setting")).toHaveText(
      "Every guest of a confirmed booking gets the tip and review emails.",
    );
    await plain.close();
  });
});

/** A picture as one frame of a Y4M video (grey: the luma plane, chroma at 128), Chromium's fake camera format. */
async function writeCameraFile(png: Buffer) {
  const width = 640;
  const height = 480;
  const luma = await sharp(png)
    .resize(360, 360)
    .extend({ top: 60, bottom: 60, left: 140, right: 140, background: "#ffffff" })
    .greyscale()
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma.subarray(0, width * height), chroma]);
  writeFileSync(CAMERA_FILE, Buffer.concat([header, frame, frame]));
}

test.describe("scanning with the camera (JavaScript on)", () => {
  test("the camera reads the ticket's QR code and checks the booking in; the answer is announced", async ({
    page,
    request,
    context,
  }) => {
    const { traveller, bookingId } = await todaysBooking(request);
    const code = await ticketFromBookingPage(page, traveller, bookingId);
    const qr = await page.getByRole("img", { name: /^QR code of your ticket code / }).screenshot();
    await writeCameraFile(qr);
    await context.grantPermissions(["camera"], { origin: ACME });
    await signInToCheckIn(page);
    await page.getByRole("button", { name: "Scan with the camera" }).click();
    const live = page.getByTestId("check-in-live");
    await expect(live).toHaveAttribute("aria-live", "polite");
    await expect(live.getByTestId("check-in-result")).toHaveAttribute("data-outcome", "ok", { timeout: 20_000 });
    await expect(live.getByTestId("check-in-count")).toHaveText("2 of 2");
    await expect(live).toContainText(code.match(/.{1,4}/g)!.join(" "));
    await page.getByRole("button", { name: "Stop the camera" }).click();
    await expectAxeClean(page);
  });
});
