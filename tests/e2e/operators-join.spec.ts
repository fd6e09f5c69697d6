import { expect, test, type Page } from "./guarded-test";
import { adminPage, adminSignsIn, approveApplication } from "./admin-helpers";
import { axeWhenScripted, createDraftExperience, signInHere, withDemoOwners } from "./console-helpers";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

/**
 * Issue 44's "done when", end to end (JavaScript on and off): a user applies to sell on the
 * marketplace ("Sell your experiences"), a platform admin approves it at /admin, the applicant is
 * emailed, signs in to the new storefront's console as its owner and creates an experience. The
 * demo platform admin (the seed's) sets up its authenticator app on its first visit; its codes are
 * computed here from the key the page shows.
 */
withDemoOwners();

/** The application form, filled as a person does; the address checked as it is typed (with JavaScript). */
async function fillApplication(page: Page, slug: string, javaScriptEnabled: boolean) {
  await page.getByLabel("Business name").fill(`Lisbon Food Walks ${javaScriptEnabled ? "" : "(no JS)"}`.trim());
  const address = page.getByLabel("Storefront address");
  if (javaScriptEnabled) {
    await address.fill("acme");
    await expect(page.getByText("Your storefront: acme.app.localhost")).toContainText("This address is taken.");
  }
  await address.fill(slug);
  if (javaScriptEnabled)
    await expect(page.getByText(`Your storefront: ${slug}.app.localhost`)).toContainText("This address is free.");
  await page.getByLabel("Country", { exact: true }).selectOption("PT");
  await page.getByLabel("Currency you sell in").selectOption("EUR");
  await page.getByLabel("Time zone").selectOption("Europe/Lisbon");
  await page.getByLabel("Contact phone").fill("+351 912 345 678");
  await page.getByLabel("What you offer").fill("Walking tours of Lisbon's markets and tascas, since 2015.");
  await page.getByLabel("Website (optional)").fill("https://lisbon-food-walks.example");
  await page.getByRole("button", { name: "Send the application" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  const slug = javaScriptEnabled ? "lisbon-food-walks" : "lisbon-food-walks-nojs";
  test.describe(`operators join the platform, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test(`a user applies for ${slug}, an admin approves it, the owner creates an experience in its console`, async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(240_000);
      const axe = axeWhenScripted(javaScriptEnabled);
      const { email } = await createCompleteUser(request, uniqueEmail(`applicant-${mode}`), PASSWORD);

      // The marketplace's footer leads to "Sell your experiences", which asks to sign in first.
      await page.goto(origin());
      await page.getByRole("link", { name: "Sell your experiences" }).click();
      await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fsell$/);
      await signInWithPassword(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/sell$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell your experiences");
      await axe(page);

      // Refused in words first (the browser's own checks bypassed to reach ours): a reserved address.
      await page.locator("form#apply").evaluate((form) => form.setAttribute("novalidate", ""));
      await page.getByLabel("Storefront address").fill("admin");
      await page.getByRole("button", { name: "Send the application" }).click();
      await expect(page.getByText("This address is reserved: choose another.")).toBeVisible();
      await axe(page);

      await fillApplication(page, slug, javaScriptEnabled);
      await expect(page.getByRole("status")).toHaveText(
        "Your application is sent. We will email you once it is decided.",
      );
      await expect(page.getByTestId("application-status-text")).toHaveText("Waiting for a decision.");
      await expect(page.getByRole("button", { name: "Send the application" })).toHaveCount(0);
      await axe(page);
      await page.goto(`${origin()}/account`);
      await expect(page.getByTestId("application-status-text")).toHaveText("Waiting for a decision.");

      // The platform admin opens it and approves it (each admin page axe-checked on the way).
      const { admin, close } = await adminPage(browser, javaScriptEnabled);
      try {
        await adminSignsIn(admin, () => axe(admin));
        await approveApplication(admin, { slug, business: "Lisbon Food Walks", fact: "+351 912 345 678" }, () =>
          axe(admin),
        );

        await admin.getByRole("link", { name: "Operators" }).click();
        await admin.getByLabel("Name or address").fill(slug);
        await admin.getByRole("button", { name: "Search" }).click();
        await expect(admin.locator(`[data-testid="operator-row"][data-slug="${slug}"]`)).toHaveAttribute(
          "data-status",
          "active",
        );
        await axe(admin);
        // Its money and commission (issue 45): a rate of its own, without JavaScript too.
        await admin
          .locator(`[data-testid="operator-row"][data-slug="${slug}"]`)
          .getByRole("link", { name: /^Money and commission/ })
          .click();
        await expect(admin.getByRole("heading", { level: 1 })).toHaveText(/: money$/);
        await expect(admin.getByTestId("commission")).toHaveText("The platform's default: 15%.");
        await admin.getByLabel(/^Commission of /).fill("12.5");
        await admin.getByRole("button", { name: "Save the commission" }).click();
        await expect(admin.getByRole("status")).toHaveText(
          "The commission is saved: bookings made from now on are sold at it.",
        );
        await expect(admin.getByTestId("commission")).toHaveText(
          "Its own rate: 12.5% (the platform's default is 15%).",
        );
        await axe(admin);
        await admin.getByRole("link", { name: "Earnings" }).click();
        await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Platform earnings");
        await axe(admin);
        await admin.getByRole("link", { name: "Support" }).click();
        await admin.getByLabel("Reference, email or ticket code").fill(email);
        await admin.getByRole("button", { name: "Find", exact: true }).click();
        await expect(admin.getByRole("heading", { name: "0 bookings found by email address" })).toBeVisible();
        await axe(admin);
        await admin.getByRole("link", { name: "Audit log" }).click();
        await expect(
          admin.getByTestId("platform-audit-entry").filter({ hasText: "Approved an application" }).first(),
        ).toBeVisible();
        await axe(admin);
        if (javaScriptEnabled) {
          // At a phone's width the page never scrolls sideways (a wide table scrolls in its own box).
          await admin.setViewportSize({ width: 375, height: 740 });
          await admin.getByRole("link", { name: "Operators" }).click();
          const widths = await admin.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            client: document.documentElement.clientWidth,
          }));
          expect(widths.scroll).toBeLessThanOrEqual(widths.client);
          await axe(admin);
        }
      } finally {
        await close();
      }

      // The applicant is emailed the way to their console; /account says so too.
      const mail = await latestMail(request, email);
      expect(mail.subject).toContain("is on Wayfarer");
      const link = new URL(mail.link);
      expect([link.hostname, link.pathname]).toEqual([`${slug}.app.localhost`, "/console"]);
      await page.goto(`${origin()}/account`);
      await expect(page.getByTestId("application-status-text")).toHaveText(
        "Approved: your storefront is open and you are its owner.",
      );
      await expect(page.getByTestId("console-link")).toHaveAttribute(
        "href",
        `${origin(`${slug}.app.localhost`)}/console`,
      );

      // They sign in to the new storefront's console as its owner and create an experience.
      await page.goto(`${origin(`${slug}.app.localhost`)}/console`);
      await signInHere(page, email, PASSWORD, /\/console$/);
      await expect(page.getByTestId("console-role")).toHaveText("Owner");
      await page.goto(`${origin(`${slug}.app.localhost`)}/console/experiences/new`);
      await createDraftExperience(page, {
        title: `Mercado tasting walk ${mode}`,
        summary: "Taste your way through a Lisbon market.",
        description: "Three hours, eight tastings, one market.",
        city: "Lisbon",
        country: "PT",
        category: "food-drink",
        durationMinutes: "180",
        guests: "10",
        meetingPoint: "Mercado da Ribeira, Lisboa",
        cancellationPolicy: "Free cancellation up to 24 hours before.",
      });
      await expect(page.getByRole("status")).toHaveText("The experience has been created as a draft.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Mercado tasting walk ${mode}`);
    });
  });
}
