import { generate } from "otplib/functional";
import { expect, test, type APIRequestContext, type Page } from "./guarded-test";
import { ACME, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { ownerToken } from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

withDemoOwners();

/**
 * Issue 43's "done when", end to end: a manager sets up an authenticator app (its codes computed
 * here from the key the page shows), signs out and in again and reaches the console only after a
 * code; a recovery code works once and never again (JavaScript on and off). With Chromium's
 * virtual WebAuthn authenticator a passkey is added on /account/security and used as the second
 * step. Every run makes its own users: a retry starts clean.
 */

/** The authenticator app's code `offset` 30-second steps from now. */
const codeOf = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Waits until a few seconds are left in the current 30-second step, so a code typed now keeps its step. */
async function awayFromStepEdge(margin = 6): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (30 - into < margin) await new Promise((resolve) => setTimeout(resolve, (30 - into + 1) * 1000));
}

/** A new manager of acme's team (the owner's invitation accepted through the API). */
async function newManager(request: APIRequestContext, tag: string) {
  const owner = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
  const email = uniqueEmail(`two-step-${tag}`);
  const user = await createCompleteUser(request, email, PASSWORD, { operators: ["acme"] });
  const invited = await request.post(`${origin()}/v1/operator/invitations`, {
    headers: owner,
    data: { email, role: "manager" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL((await latestMail(request, email)).link).pathname.split("/").at(-1)!;
  const accepted = await request.post(`${origin()}/v1/operator/invitations/${token}/accept`, {
    headers: { Authorization: `Bearer ${user.idToken}`, "X-Account-Context": "acme" },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return email;
}

/** Signs out with the site header's button, and waits until it has. */
async function signOut(page: Page, site: string) {
  await page.goto(`${site}/account/security`);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
}

/** Signs in from the console's sign-in redirect and lands on the second step. */
async function signInToConsole(page: Page, email: string) {
  await page.goto(`${ACME}/console`);
  await signInHere(page, email, PASSWORD, /\/two-step\?redirectUrl=%2Fconsole$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm it's you");
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  test.describe(`two-step sign-in, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("a manager sets up an authenticator app, reaches the console only after a code, and a recovery code works once", async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const axe = async () => {
        if (javaScriptEnabled) await expectAxeClean(page);
      };
      const email = await newManager(request, mode);

      // Set up the app on /account/security: the QR code and the key, then the app's first code.
      await page.goto(`${ACME}/account/security`);
      await signInHere(page, email, PASSWORD, /\/account\/security$/);
      const section = page.getByRole("region", { name: "Two-step sign-in" });
      await expect(section.getByTestId("two-step-status")).toHaveText("Two-step sign-in is off.");
      await section.getByRole("button", { name: "Set up an authenticator app" }).click();
      await expect(section.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
      const secret = (await section.getByTestId("totp-secret").innerText()).trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      await axe();
      // A wrong code first: the page says so and shows the same key again.
      await section.getByLabel("Code the app shows").fill("000000" === (await codeOf(secret)) ? "111111" : "000000");
      await section.getByRole("button", { name: "Confirm" }).click();
      await expect(section.getByText("That code is not right, or it was already used.")).toBeVisible();
      await expect(section.getByTestId("totp-secret")).toHaveText(secret);
      await awayFromStepEdge();
      await section.getByLabel("Code the app shows").fill(await codeOf(secret));
      await section.getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByRole("status").first()).toHaveText("Your authenticator app is set up.");
      const codes = await page.getByTestId("recovery-codes").getByRole("listitem").allInnerTexts();
      expect(codes).toHaveLength(10);
      await axe();
      await page.reload();
      await expect(section.getByTestId("two-step-status")).toHaveText("Two-step sign-in is on.");
      await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

      // Signed out and in again: the console only after a code.
      await signOut(page, ACME);
      await signInToConsole(page, email);
      await axe();
      await page.goto(`${ACME}/console`);
      await expect(page).toHaveURL(/\/two-step\?redirectUrl=%2Fconsole$/);
      await page.getByLabel("6-digit code").fill(await codeOf(secret, 1));
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/console$/);
      await expect(page.getByTestId("console-role")).toHaveText("Manager");

      // A recovery code works once…
      await signOut(page, ACME);
      await signInToConsole(page, email);
      await page.getByRole("textbox", { name: "Recovery code" }).fill(codes[0].toUpperCase());
      await page.getByRole("button", { name: "Use this recovery code" }).click();
      await expect(page).toHaveURL(/\/console$/);
      // …and never again.
      await signOut(page, ACME);
      await signInToConsole(page, email);
      await page.getByRole("textbox", { name: "Recovery code" }).fill(codes[0]);
      await page.getByRole("button", { name: "Use this recovery code" }).click();
      await expect(page.getByText("That recovery code is not right, or it was already used.")).toBeVisible();
      await expect(page).toHaveURL(/\/two-step\?redirectUrl=%2Fconsole$/);
      await page.goto(`${ACME}/console/bookings`);
      await expect(page).toHaveURL(/\/two-step\?redirectUrl=%2Fconsole%2Fbookings$/);
      await page.getByRole("textbox", { name: "Recovery code" }).fill(codes[1]);
      await page.getByRole("button", { name: "Use this recovery code" }).click();
      await expect(page).toHaveURL(/\/console\/bookings$/);
    });
  });
}

test.describe("two-step sign-in with a passkey (JavaScript on, Chromium's virtual authenticator)", () => {
  test("a passkey is added on /account/security and used as the second step", async ({ page, request }) => {
    test.setTimeout(120_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const site = origin();
    const { email } = await createCompleteUser(request, uniqueEmail("passkey"), PASSWORD);

    await page.goto(`${site}/account/security`);
    await signInHere(page, email, PASSWORD, /\/account\/security$/);
    const section = page.getByRole("region", { name: "Two-step sign-in" });
    await section.getByLabel("Name of the new passkey").fill("Test laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    // The first second factor: its recovery codes, shown once.
    await expect(page.getByRole("status").first()).toHaveText("The passkey is added.");
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await page.reload();
    await expect(section.getByTestId("passkeys")).toContainText("Test laptop");
    await expect(section.getByTestId("two-step-status")).toHaveText("Two-step sign-in is on.");
    await expectAxeClean(page);

    await signOut(page, site);
    await page.goto(`${site}/login?redirectUrl=%2Faccount%2Fsecurity`);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-step\?redirectUrl=%2Faccount%2Fsecurity$/);
    await expectAxeClean(page);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(section.getByTestId("passkeys")).not.toContainText("Never");
  });
});
