import sharp from "sharp";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "./guarded-test";
import { ACME, OWNER, expectAxeClean, withDemoOwners } from "./console-helpers";
import { PORT } from "./helpers";
import { signInWithPassword } from "./identity-helpers";

// Issue 40, item 4: a console form that creates something (a photo, a service, a logo) is empty
// again after it saved, and sending it twice (a double click, the page gone back to) makes one.

withDemoOwners();

type FilePart = { name: string; mimeType: string; buffer: Buffer };

/** A small picture of one colour. */
const picture = async (colour: string, format: "jpeg" | "png"): Promise<FilePart> => ({
  name: `picture.${format === "jpeg" ? "jpg" : "png"}`,
  mimeType: `image/${format}`,
  buffer: await sharp({ create: { width: 900, height: 300, channels: 3, background: colour } })
    [format]()
    .toBuffer(),
});

/** The page's key of a form (its hidden idempotencyKey), as the next click would send it. */
const keyOf = (form: Locator) => form.locator('input[name="idempotencyKey"]').inputValue();

/**
 * The form sent once more exactly as it was, its page's key included (what a second click or the
 * page gone back to sends), from this browser's session: answered as a save, and harmless.
 */
async function sendAgain(page: Page, path: string, multipart: Record<string, string | FilePart>) {
  // Node does not resolve *.localhost as the browser does: the storefront's host is named in Host.
  const cookies = await page.context().cookies(ACME);
  const answer = await page.request.post(`http://127.0.0.1:${PORT}${path}`, {
    multipart,
    headers: {
      Host: new URL(ACME).host,
      Origin: ACME,
      Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
    },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe(path);
}

// Each run its own experience: the two share one database.
const RUNS = [
  { javaScriptEnabled: true, experienceId: "new-york-pizza-making-class", colour: "#b45309" },
  { javaScriptEnabled: false, experienceId: "boston-harbor-sunset-sail", colour: "#0369a1" },
];

for (const { javaScriptEnabled, experienceId, colour } of RUNS) {
  test.describe(`operator console: forms that create, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the photo, new service and logo forms are empty after a save; the same form sent twice makes one", async ({
      page,
    }) => {
      const photosPath = `/console/experiences/${experienceId}/photos`;
      await page.goto(`${ACME}${photosPath}`);
      await signInWithPassword(page, OWNER, DEMO_OWNER_PASSWORD);
      await expect(page).toHaveURL(`${ACME}${photosPath}`);
      if (javaScriptEnabled) await page.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });

      // A refused file: the form keeps its text and says why (a refusal does not start it again).
      const upload = page.locator("form", { has: page.getByRole("button", { name: "Upload photo" }) });
      await upload.getByLabel("Photo file").setInputFiles({
        name: "notes.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("not a picture at all"),
      });
      await upload.getByLabel("Alt text").fill("Dough stretched on the counter");
      await upload.getByRole("button", { name: "Upload photo" }).click();
      await expect(upload.getByText("This file is not a photo we can read.")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(upload.getByText("This file is not a photo we can read.")).toBeVisible();
      await expect(upload.getByLabel("Alt text")).toHaveValue("Dough stretched on the counter");

      // A photo: uploaded with a double click; one photo, and the form empty again.
      const photos = page.getByTestId("photo");
      const before = await photos.count();
      const photo = await picture(colour, "jpeg");
      await upload.getByLabel("Photo file").setInputFiles(photo);
      await upload.getByLabel("Alt text").fill("Dough stretched on the counter");
      const photoKey = await keyOf(upload);
      await upload.getByRole("button", { name: "Upload photo" }).dblclick();
      await expect(page.getByRole("status").filter({ hasText: "The photo was added." })).toBeVisible();
      await expect(photos).toHaveCount(before + 1);
      await expect(upload.getByLabel("Alt text")).toHaveValue("");
      await expect(upload.getByLabel("Photo file")).toHaveValue("");
      expect(await keyOf(upload)).not.toBe(photoKey);
      if (javaScriptEnabled) await expectAxeClean(page);
      await sendAgain(page, photosPath, {
        intent: "upload",
        idempotencyKey: photoKey,
        alt: "Dough stretched on the counter",
        file: photo,
      });
      await page.reload();
      await expect(photos).toHaveCount(before + 1);
      // Put back as it was: the storefront shows no photo of this run.
      const added = photos.last();
      await added.locator("summary").click();
      await added.getByRole("button", { name: `Delete photo ${before + 1}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "The photo was deleted." })).toBeVisible();
      await expect(photos).toHaveCount(before);

      // A new service: the same.
      const pricesPath = `/console/experiences/${experienceId}/prices`;
      await page.goto(`${ACME}${pricesPath}`);
      if (javaScriptEnabled) await page.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });
      const create = page.locator("form", { has: page.getByRole("button", { name: "Add the service" }) });
      const services = page.getByTestId("service");
      const serviceCount = await services.count();
      const name = `Twice-clicked ${javaScriptEnabled ? "class" : "sail"}`;
      const fields = {
        name,
        description: "Only once, however often it is sent.",
        durationMinutes: "75",
        capacity: "9",
      };
      await create.getByLabel("Name").fill(fields.name);
      await create.getByLabel("Description").fill(fields.description);
      await create.getByLabel("Duration (minutes)").fill(fields.durationMinutes);
      await create.getByLabel("Capacity (seats per departure)").fill(fields.capacity);
      const serviceKey = await keyOf(create);
      await create.getByRole("button", { name: "Add the service" }).dblclick();
      await expect(page.getByRole("status")).toHaveText("The service is added. Give it its ticket types and prices.");
      await expect(services).toHaveCount(serviceCount + 1);
      for (const label of ["Name", "Description", "Duration (minutes)", "Capacity (seats per departure)"])
        await expect(create.getByLabel(label)).toHaveValue("");
      if (javaScriptEnabled) await expectAxeClean(page);
      await sendAgain(page, pricesPath, { intent: "create", idempotencyKey: serviceKey, ...fields });
      await page.reload();
      await expect(services.filter({ has: page.getByRole("heading", { name }) })).toHaveCount(1);
      // Deleted again (it has no bookings).
      const service = services.filter({ has: page.getByRole("heading", { name }) });
      await service.getByLabel(`Yes, delete ${name} with its departures that have no bookings`).check();
      await service.getByRole("button", { name: `Delete ${name}` }).click();
      await expect(page.getByRole("status")).toHaveText("The service is deleted.");
      await expect(services).toHaveCount(serviceCount);

      // The logo: the form empty after the upload; sent again, the draft keeps the logo it has.
      await page.goto(`${ACME}/console/branding`);
      if (javaScriptEnabled) await page.locator("html[data-form-validation=ready]").waitFor({ state: "attached" });
      const logoForm = page.locator("form", { has: page.getByRole("button", { name: "Upload logo" }) });
      const logo = await picture(colour, "png");
      await logoForm.getByLabel("Logo file").setInputFiles(logo);
      const logoKey = await keyOf(logoForm);
      await logoForm.getByRole("button", { name: "Upload logo" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "The logo is in the draft. Publish to show it on the storefront.",
      );
      await expect(logoForm.getByLabel("Logo file")).toHaveValue("");
      const draftLogo = await page.getByTestId("draft-logo").getByTestId("brand-logo").getAttribute("src");
      if (javaScriptEnabled) await expectAxeClean(page);
      await sendAgain(page, "/console/branding", { intent: "logo", idempotencyKey: logoKey, file: logo });
      await page.reload();
      await expect(page.getByTestId("draft-logo").getByTestId("brand-logo")).toHaveAttribute("src", draftLogo!);
    });
  });
}
