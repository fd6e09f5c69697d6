import { expect, test } from "./guarded-test";
import { origin } from "./helpers";
import {
  completeProfile,
  createCompleteUser,
  createEmailLinkUser,
  EMULATOR,
  latestMail,
  PASSWORD,
  PROJECT,
  signInWithPassword,
  signWaiver,
  uniqueEmail,
  signUpWith,
} from "./identity-helpers";

test.describe("with JavaScript", () => {
  test("sign-up → waiver → /account, then sign out", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectUrl=%2Faccount$/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await signUpWith(page, email, ["Ada", "Lovelace"], "(555) 123-4567");
    await signWaiver(page);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(email)).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${origin()}/`);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login/);
  });

  test("inline validation shows what to fix", async ({ page }) => {
    await page.goto("/login?view=signup");
    // The schemas load beside the page; until then a submit is checked by the server instead.
    await page.waitForFunction(() => document.documentElement.dataset.formValidation === "ready");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
    await page.getByLabel("Mobile phone (US, optional)").fill("123");
    await page.getByLabel("Mobile phone (US, optional)").blur();
    await expect(page.getByText("Enter a 10-digit US number, like 555 123 4567.")).toBeVisible();
  });

  test("password sign-in returns to the private page it came from", async ({ page, request }) => {
    const user = await createCompleteUser(request);
    await page.goto("/account/payments?tab=cards");
    await expect(page).toHaveURL(/redirectUrl=%2Faccount%2Fpayments%3Ftab%3Dcards/);
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account\/payments\?tab=cards$/);
    await page.goto("/login");
    await expect(page).toHaveURL(`${origin()}/`);
  });

  test("a wrong password says so and keeps the email", async ({ page, request }) => {
    const user = await createCompleteUser(request);
    await page.goto("/login");
    await signInWithPassword(page, user.email, "not-the-password-1");
    await expect(page.getByRole("alert")).toContainText("That email and password do not match");
    await expect(page.getByLabel("Email").first()).toHaveValue(user.email);
  });

  test("a password sign-in for a link-only account says to use the emailed link", async ({ page, request }) => {
    const { email } = await createEmailLinkUser(request);
    await page.goto("/login");
    await signInWithPassword(page, email, "a-guess-123");
    await expect(page.getByRole("alert")).toContainText("This account has no password");
    await expect(page.getByLabel("Email").first()).toHaveValue(email);
  });

  test("an open redirect in redirectUrl falls back to /", async ({ page, request }) => {
    const user = await createCompleteUser(request);
    await page.goto(`/login?redirectUrl=${encodeURIComponent("//evil.com/steal")}`);
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL(`${origin()}/`);
  });

  test("magic link → /set-password → profile → waiver → signed in", async ({ page, request }) => {
    const email = uniqueEmail("link");
    await page.goto("/login?redirectUrl=%2Faccount%2Fsecurity");
    const linkForm = page.locator("form", { has: page.getByRole("button", { name: "Send me a link" }) });
    await linkForm.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
    const mail = await latestMail(request, email);
    expect(mail.subject).toMatch(/sign-in link/i);
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/set-password\?redirectUrl=%2Faccount%2Fsecurity$/);
    expect(await page.evaluate(() => localStorage.getItem("emailForSignIn"))).toBeNull();

    // Confined to /set-password until a password is set.
    await page.goto("/?promo_code=X");
    await expect(page).toHaveURL(/\/set-password\?promo_code=X$/);
    await page.goBack();

    await expect(page.getByText("At least 8 characters, including a number")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Save password" }).click();
    await completeProfile(page);
    await signWaiver(page, "Grace Hopper");
    await expect(page).toHaveURL(/\/account\/security$/);
  });

  test("a link asked for before the page ran its script still finishes without asking for the email", async ({
    page,
    request,
    browser,
    context,
  }) => {
    // A click before hydration is a native post: the same browser, its script not yet running.
    const email = uniqueEmail("early");
    const early = await browser.newContext({ javaScriptEnabled: false, baseURL: origin() });
    const earlyPage = await early.newPage();
    await earlyPage.goto("/login?redirectUrl=%2Faccount%2Fsecurity");
    const linkForm = earlyPage.locator("form", { has: earlyPage.getByRole("button", { name: "Send me a link" }) });
    await linkForm.getByLabel("Email").fill(email);
    await earlyPage.getByRole("button", { name: "Send me a link" }).click();
    await expect(earlyPage.getByRole("status")).toContainText("Check your inbox");
    await context.addCookies(await early.cookies());
    await early.close();
    await page.goto((await latestMail(request, email)).link);
    await expect(page).toHaveURL(/\/set-password\?redirectUrl=%2Faccount%2Fsecurity$/);
    await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  });

  test("a link opened in another browser asks for the email", async ({ page, request, browser }) => {
    const email = uniqueEmail("other");
    await page.goto("/login");
    const linkForm = page.locator("form", { has: page.getByRole("button", { name: "Send me a link" }) });
    await linkForm.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    const mail = await latestMail(request, email);
    const other = await browser.newPage();
    await other.goto(mail.link);
    await expect(other.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
    await other.getByLabel("Email").fill(email);
    await other.getByRole("button", { name: "Continue" }).click();
    await expect(other.getByRole("heading", { name: "Set your password" })).toBeVisible();
    await other.close();
  });

  for (const provider of ["Google", "Apple"] as const) {
    test(`${provider} sign-in through the emulator's identity provider page`, async ({ page, context }) => {
      // Google's gapi script (used by Firebase's popup flow and the emulator's helper iframe)
      // is on the internet; the tests serve a small stand-in at that address.
      await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
        route.fulfill({ path: "tests/e2e/fixtures/gapi-shim.js", contentType: "application/javascript" }),
      );
      const email = uniqueEmail(provider.toLowerCase());
      await page.goto("/login?redirectUrl=%2Faccount");
      const popupPromise = page.waitForEvent("popup");
      await page.getByRole("button", { name: `Continue with ${provider}` }).click();
      const popup = await popupPromise;
      await popup.locator("#add-account-button").click();
      await popup.locator("#email-input").fill(email);
      await popup.locator("#display-name-input").fill("Katherine Johnson");
      await popup.locator("#sign-in").click();
      await completeProfile(page);
      await signWaiver(page);
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText(email)).toBeVisible();
      await page.goto("/account/security");
      await expect(page.getByTestId("sign-in-method")).toHaveText(provider);
    });
  }

  test("reset password by email, then sign in with the new one", async ({ page, request }) => {
    const user = await createCompleteUser(request);
    await page.goto("/reset-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText(user.email);
    const mail = await latestMail(request, user.email);
    await page.goto(mail.link);
    await expect(page.getByText("At least 8 characters, including a number")).toBeVisible();
    const newPassword = "new-trail-mix-77";
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=done/);
    await signInWithPassword(page, user.email, newPassword);
    await expect(page).toHaveURL(`${origin()}/`);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  test("a revoked session sends the user to /login?errorCode=440", async ({ page, request }) => {
    const user = await createCompleteUser(request);
    await page.goto("/login?redirectUrl=%2Faccount");
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account$/);
    // Revoke every session of this user at the identity provider (emulator admin API).
    const lookup = await request.post(
      `${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`,
      {
        headers: { Authorization: "Bearer owner" },
        data: { email: [user.email] },
      },
    );
    const localId = (await lookup.json()).users[0].localId;
    await page.waitForTimeout(1100);
    const revoke = await request.post(
      `${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
      {
        headers: { Authorization: "Bearer owner" },
        data: { localId, validSince: String(Math.floor(Date.now() / 1000)) },
      },
    );
    expect(revoke.ok()).toBeTruthy();
    await page.waitForTimeout(1100);
    await page.goto("/account/notifications");
    await expect(page).toHaveURL(/\/login\?redirectUrl=%2Faccount%2Fnotifications&errorCode=440$/);
    await expect(page.getByRole("alert")).toContainText("Your session has ended");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("password sign-in", async ({ page, request }) => {
    const user = await createCompleteUser(request);
    await page.goto("/login?redirectUrl=%2Faccount");
    // Chromium's script-disabled emulation does not render <noscript>; the markup is checked instead.
    expect(await page.content()).toContain("Google and Apple sign-in need JavaScript");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(user.email)).toBeVisible();
  });

  test("sign-up with server-side validation", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/login?view=signup&redirectUrl=%2Faccount");
    await signUpWith(page, email, ["Ada", "Lovelace"], "12");
    await expect(page.getByText("Enter a 10-digit US number, like 555 123 4567.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Ada");
    await page.getByLabel("Mobile phone (US, optional)").fill("5551234567");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await signWaiver(page);
    await expect(page).toHaveURL(/\/account$/);
  });

  test("magic-link request and set-password", async ({ page, request }) => {
    const email = uniqueEmail("nojs-link");
    await page.goto("/login");
    const linkForm = page.locator("form", { has: page.getByRole("button", { name: "Send me a link" }) });
    await linkForm.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status")).toContainText("Check your inbox");
    const mail = await latestMail(request, email);
    await page.goto(mail.link);
    // This browser asked for the link: the address is filled in.
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Save password" }).click();
    await completeProfile(page);
    await signWaiver(page);
    await expect(page).toHaveURL(`${origin()}/`);
  });
});
