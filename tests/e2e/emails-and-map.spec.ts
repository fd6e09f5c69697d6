import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./guarded-test";
import { bookAndPay, findBookableDay, signIn } from "./booking-helpers";

test.describe("the meeting point on a map", () => {
  test("the details page links the meeting point to OpenStreetMap and the phone's maps app, no map script", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("http://localhost")) scripts.push(request.url());
    });
    const detail = await (await page.request.get("/v1/experiences/lisbon-sunset-sail")).json();
    const serviceId = detail.data.services[0].id;
    await page.goto(`/experiences/lisbon-sunset-sail/${serviceId}`);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Meeting point" }) });
    await expect(section).toContainText("Doca de Santo Amaro");
    const map = section.getByRole("link", { name: "See it on OpenStreetMap" });
    await expect(map).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=38\.\d+&mlon=-9\.\d+#map=17\/38\.\d+\/-9\.\d+$/,
    );
    await expect(section.getByRole("link", { name: "Open in your maps app" })).toHaveAttribute(
      "href",
      /^geo:38\.\d+,-9\.\d+$/,
    );
    expect(scripts, "nothing loaded from another site").toEqual([]);
  });
});

test.describe("the dev mailbox", () => {
  test("shows a booking confirmation's HTML, its text and its calendar file to download", async ({ page, request }) => {
    test.slow(); // a whole booking, then axe over the page and the email's frame
    const user = await signIn(page, request);
    const target = await findBookableDay(request, 1);
    await bookAndPay(page, target);
    await expect(page).toHaveURL(/\/return\/bk_/);
    const bookingId = /\/return\/(bk_[^/?]+)/.exec(page.url())![1];
    const reference = (await page.getByTestId("booking-reference").textContent())!;

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
    const mail = page.getByTestId("mail").filter({ hasText: "Booking confirmed" });
    await expect(mail).toHaveCount(1);
    // The HTML, in its sandboxed frame: the brand's button to the booking's own page.
    const frame = mail.frameLocator('[data-testid="mail-html"]');
    const button = frame.getByRole("link", { name: "See your booking" });
    await expect(button).toHaveAttribute("href", new RegExp(`/account/booking/${bookingId}$`));
    await expect(frame.locator("body")).toContainText(reference);
    await expect(mail.getByTestId("mail-html")).toHaveAttribute(
      "sandbox",
      "allow-popups allow-popups-to-escape-sandbox",
    );
    // The text version.
    await expect(mail.getByTestId("mail-text")).toContainText(`Booking reference: ${reference}`);
    await expect(mail.getByTestId("mail-text")).toContainText(`/account/booking/${bookingId}`);
    // Two attachments: the calendar file and the ticket's QR code.
    const attachments = mail.getByTestId("mail-attachment");
    await expect(attachments).toHaveText(["booking.ics", "ticket.png"]);
    await expect(mail.getByRole("listitem").filter({ hasText: "ticket.png" })).toContainText(
      /image\/png.*, [\d.,]+ ?(byte|kB)/,
    );
    // The calendar file: named, typed, sized, and downloadable.
    const attachment = attachments.filter({ hasText: "booking.ics" });
    await expect(mail.getByRole("listitem").filter({ hasText: "booking.ics" })).toContainText(
      /text\/calendar.*, [\d.,]+ ?(byte|kB)/,
    );
    // The page passes axe (`meta-viewport`: the spec disables zoom), and so does the email on a
    // page of its own (axe, in its legacy mode, is not sent into the sandboxed frames: its newer
    // mode opens a page of its own to finish, which never came back with these frames here).
    const problems = async (builder: AxeBuilder) =>
      (await builder.analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes[0]?.target.join(" ")}`,
      );
    expect(
      await problems(
        new AxeBuilder({ page }).options({ iframes: false }).disableRules(["meta-viewport"]).setLegacyMode(true),
      ),
    ).toEqual([]);
    const email = await page.context().newPage();
    await email.setContent((await mail.getByTestId("mail-html").getAttribute("srcdoc"))!);
    // An email is a fragment the mail client places in its own page: no landmarks or h1 of its own.
    const pageRules = ["landmark-one-main", "page-has-heading-one", "region"];
    expect(await problems(new AxeBuilder({ page: email }).disableRules(pageRules).setLegacyMode(true))).toEqual([]);
    await email.close();
    const download = page.waitForEvent("download");
    await attachment.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("booking.ics");
    const ics = await (
      await request.get(new URL((await attachment.getAttribute("href"))!, page.url()).toString())
    ).text();
    expect(ics).toContain(`UID:${bookingId}@`);
    expect(ics).toContain("BEGIN:VALARM\r\n");
  });
});
