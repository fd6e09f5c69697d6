import { expect, test, type APIRequestContext, type Browser, type Page, withJavaScriptOnAndOff } from "./guarded-test";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, PASSWORD, signInWithPassword } from "./identity-helpers";

/** The 6-digit code in the newest message to a number or address (the dev outbox, polled by latestMail). */
async function codeSentTo(request: APIRequestContext, recipient: string): Promise<string> {
  const { subject, textBody } = await latestMail(request, recipient);
  const code = /\b(\d{6})\b/.exec(`${subject} ${textBody}`)?.[1];
  expect(code, `a code in the message to ${recipient}`).toBeTruthy();
  return code!;
}

async function openAccountPage(page: Page, request: APIRequestContext, path: string) {
  const { email } = await createCompleteUser(request);
  await page.goto(`/login?redirectUrl=${encodeURIComponent(path)}`);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return email;
}

/** The same user signed in in a second browser, on /account/notifications. */
async function signInElsewhere(browser: Browser, email: string, options: { javaScriptEnabled?: boolean } = {}) {
  const other = await browser.newContext(options);
  const second = await other.newPage();
  // Two sign-ins of one user within the same second get the very same session cookie (its claims
  // count whole seconds, and the emulator's tokens are unsigned): one second apart, they are two.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await second.goto("/login?redirectUrl=%2Faccount%2Fnotifications");
  await signInWithPassword(second, email, PASSWORD);
  await expect(second).toHaveURL(/\/account\/notifications$/);
  return { other, second };
}

withJavaScriptOnAndOff("personal info", (javaScriptEnabled) => {
  test("name and phone (with the code from the outbox) change and survive a reload", async ({ page, request }) => {
    await openAccountPage(page, request, "/account/personal-info");
    const nav = page.getByRole("navigation", { name: "Account sections" });
    await expect(nav.getByRole("link", { name: "Personal info" })).toHaveAttribute("aria-current", "page");

    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status")).toHaveText("Your name is saved.");

    const digits = `555${String(Date.now()).slice(-7)}`;
    const phone = page.getByRole("region", { name: "Mobile phone (US)" });
    await phone.getByLabel("New phone number").fill(digits);
    await phone.getByRole("button", { name: "Send a code" }).click();
    // Shown as people read it, the leading +1 stripped (the spec), not as bare digits.
    const shown = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    await expect(page.getByText(`We sent a 6-digit code by text message to ${shown}.`)).toBeVisible();
    const code = await codeSentTo(request, `+1${digits}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await phone.getByLabel("6-digit code").fill(wrong);
    await phone.getByRole("button", { name: "Confirm" }).click();
    await expect(phone.getByText("This code is not right. Check it and try again.")).toBeVisible();
    await phone.getByLabel("6-digit code").fill(code);
    await phone.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toHaveText("Your phone number is changed.");

    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Grace");
    await expect(phone.getByText(shown, { exact: true })).toBeVisible();
  });

  test("change the password, then sign in with the new one", async ({ page, request }) => {
    const email = await openAccountPage(page, request, "/account/security");
    // The whole policy of the API, not only its length.
    await expect(page.getByText("At least 8 characters, including a number")).toBeVisible();
    await page.getByLabel("Current password").fill("not-my-password-9");
    await page.getByLabel("New password").fill("brand-new-pass-77");
    await page.getByLabel("Confirm password").fill("brand-new-pass-77");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("This is not your current password.")).toBeVisible();
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password").fill("brand-new-pass-77");
    await page.getByLabel("Confirm password").fill("brand-new-pass-77");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password is changed. Other devices are signed out.");

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    // Wait for the sign-out to finish before going on (with JavaScript it is a fetch).
    await expect(page.getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
    await page.goto("/login?redirectUrl=%2Faccount");
    await signInWithPassword(page, email, "brand-new-pass-77");
    await expect(page).toHaveURL(/\/account$/);
  });

  test("email change with the code from the outbox, then sign in with the new address", async ({ page, request }) => {
    await openAccountPage(page, request, "/account/personal-info");
    const newEmail = `moved-${Date.now().toString(36)}-${javaScriptEnabled ? "js" : "nojs"}@example.com`;
    const email = page.getByRole("region", { name: "Email" });
    await email.getByLabel("New email address").fill(newEmail);
    await email.getByRole("button", { name: "Send a code" }).click();
    await expect(email.getByText(`We sent a 6-digit code to ${newEmail}`)).toBeVisible();
    const code = await codeSentTo(request, newEmail);
    await email.getByLabel("6-digit code").fill(code);
    await email.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toHaveText("Your email address is changed. Sign in with it from now on.");
    await page.reload();
    await expect(email.getByText(newEmail)).toBeVisible();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    // Wait for the sign-out to finish before going on (with JavaScript it is a fetch).
    await expect(page.getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
    await page.goto("/login?redirectUrl=%2Faccount");
    await signInWithPassword(page, newEmail, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
  });

  test("the address changes (any country's format) and survives a reload", async ({ page, request }) => {
    await openAccountPage(page, request, "/account/personal-info");
    const section = page.getByRole("region", { name: "Address" });
    await section.getByLabel("Street address").fill("221B Baker Street");
    await section.getByLabel("City").fill("London");
    await section.getByLabel("State, province or region (optional)").fill("");
    await section.getByLabel("Postal code (optional)").fill("NW1 6XE");
    await section.getByLabel("Country").selectOption("GB");
    await section.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status")).toHaveText("Your address is saved.");
    await page.reload();
    await expect(section.getByLabel("Street address")).toHaveValue("221B Baker Street");
    await expect(section.getByLabel("City")).toHaveValue("London");
    await expect(section.getByLabel("Postal code (optional)")).toHaveValue("NW1 6XE");
    await expect(section.getByLabel("Country")).toHaveValue("GB");
  });

  test("signing out on all devices ends the session in a second browser too", async ({ page, request, browser }) => {
    const email = await openAccountPage(page, request, "/account/security");
    const { other, second } = await signInElsewhere(browser, email, { javaScriptEnabled });
    // The form's post alone: the page's own Firebase sign-out must not post a plain sign-out that
    // could end this session before the form's post used it to end the others.
    const posts: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "POST" && new URL(sent.url()).pathname.startsWith("/auth/logout")) posts.push(sent.url());
    });
    // No waiting: a session signed in during the same second as the sign-out ends too.
    await page.getByRole("button", { name: "Sign out on all devices" }).click();
    await expect(page).toHaveURL(/\/(login)?(\?.*)?$/);
    await second.goto("/account/payments");
    await expect(second).toHaveURL(/\/login\?redirectUrl=%2Faccount%2Fpayments&errorCode=440$/);
    await expect(second.getByRole("alert")).toContainText("Your session has ended");
    await other.close();
    expect(posts).toHaveLength(1);
  });

  test("notification preferences are saved as ticked (news off at first)", async ({ page, request }) => {
    await openAccountPage(page, request, "/account/notifications");
    // Personal pages are never kept by a browser or a shared cache.
    const answer = await page.request.get("/account/notifications");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    const news = page.getByLabel("Email: News and offers");
    const booking = page.getByLabel("Email: Booking updates");
    await expect(news).not.toBeChecked();
    await expect(booking).toBeChecked();
    await news.check();
    await booking.uncheck();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByRole("status")).toHaveText("Your preferences are saved.");
    await page.reload();
    await expect(news).toBeChecked();
    await expect(booking).not.toBeChecked();
  });

  test("after five wrong codes even the right one is refused", async ({ page, request }) => {
    await openAccountPage(page, request, "/account/personal-info");
    const digits = `555${String(Date.now() + 7).slice(-7)}`;
    const phone = page.getByRole("region", { name: "Mobile phone (US)" });
    await phone.getByLabel("New phone number").fill(digits);
    await phone.getByRole("button", { name: "Send a code" }).click();
    const code = await codeSentTo(request, `+1${digits}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      await phone.getByLabel("6-digit code").fill(wrong);
      await phone.getByRole("button", { name: "Confirm" }).click();
      const message = i < 4 ? "This code is not right." : "Too many wrong codes";
      await expect(phone.getByText(message, { exact: false })).toBeVisible();
    }
    // The change is cancelled: the code step is gone, and even the right code is refused.
    await expect(phone.getByLabel("6-digit code")).toHaveCount(0);
    const late = await page.request.put(`${origin()}/v1/user/settings/phone/confirm`, {
      headers: { Origin: origin() },
      data: { code },
    });
    expect(late.status()).toBe(400);
    expect((await late.json()).error.code).toBe("too_many_attempts");
    await page.reload();
    await expect(phone.getByText(digits)).toHaveCount(0);
  });
});

/**
 * The page's own Firebase client (the module the app loaded, found among the page's scripts):
 * its refresh token, and a forced token refresh as the SDK does by itself within the hour.
 */
async function firebaseClient(page: Page, action: "refreshToken" | "refresh"): Promise<string | null> {
  return page.evaluate(async (what) => {
    const url = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .find((name) => /\/build\/_shared\/firebase-auth\.client-\w+\.js$/.test(name));
    if (!url) return null;
    const client = await import(/* @vite-ignore */ url);
    const context = (
      window as unknown as { __remixContext: { state: { loaderData: { root: { firebase: unknown } } } } }
    ).__remixContext;
    const auth = client.clientAuth(context.state.loaderData.root.firebase);
    await auth.authStateReady();
    if (!auth.currentUser) return null;
    if (what === "refresh") return auth.currentUser.getIdToken(true);
    return auth.currentUser.refreshToken;
  }, action);
}

/**
 * The Auth emulator accepts a revoked refresh token; Firebase does not. The browser is made to
 * meet Firebase's answer (400 TOKEN_EXPIRED) for refresh tokens issued before the change.
 */
async function refuseRefreshToken(page: Page, revoked: string) {
  await page.route(/\/securetoken\.googleapis\.com\/v1\/token/, async (route) => {
    const body = new URLSearchParams(route.request().postData() ?? "");
    const token = body.get("refresh_token") ?? JSON.parse(route.request().postData() || "{}").refresh_token;
    if (token !== revoked) return route.continue();
    return route.fulfill({
      status: 400,
      contentType: "application/json",
      headers: { "Access-Control-Allow-Origin": "*" },
      body: JSON.stringify({ error: { code: 400, message: "TOKEN_EXPIRED", status: "INVALID_ARGUMENT" } }),
    });
  });
}

test.describe("a change that ends every session keeps this browser signed in (JavaScript on)", () => {
  for (const change of ["password", "email"] as const) {
    test(`${change} change: a forced token refresh afterwards keeps this browser signed in, other devices are out`, async ({
      page,
      request,
      browser,
    }) => {
      const path = change === "password" ? "/account/security" : "/account/personal-info";
      const email = await openAccountPage(page, request, path);
      const { other, second } = await signInElsewhere(browser, email);

      // The browser's Firebase client signed in with the page (the JavaScript sign-in). Its module
      // loads after the page: on a machine busy with other suites (CI) that took over 10 s once.
      let before: string | null = null;
      await expect
        .poll(async () => (before = await firebaseClient(page, "refreshToken")), { timeout: 30_000 })
        .toBeTruthy();
      await refuseRefreshToken(page, before!);

      if (change === "password") {
        await page.getByLabel("Current password").fill(PASSWORD);
        await page.getByLabel("New password").fill("brand-new-pass-88");
        await page.getByLabel("Confirm password").fill("brand-new-pass-88");
        await page.getByRole("button", { name: "Change password" }).click();
        await expect(page.getByRole("status")).toHaveText("Your password is changed. Other devices are signed out.");
      } else {
        const newEmail = `kept-${Date.now().toString(36)}@example.com`;
        const section = page.getByRole("region", { name: "Email" });
        await section.getByLabel("New email address").fill(newEmail);
        await section.getByRole("button", { name: "Send a code" }).click();
        await section.getByLabel("6-digit code").fill(await codeSentTo(request, newEmail));
        await section.getByRole("button", { name: "Confirm" }).click();
        await expect(page.getByRole("status")).toHaveText(
          "Your email address is changed. Sign in with it from now on.",
        );
      }

      // The client was given new credentials: its refresh token is not the revoked one.
      await expect.poll(() => firebaseClient(page, "refreshToken")).not.toBe(before);
      expect(await firebaseClient(page, "refresh")).toBeTruthy();
      await page.waitForTimeout(500); // a failed refresh would post the sign-out now
      await page.goto("/account/payments");
      await expect(page).toHaveURL(/\/account\/payments$/);
      // Still signed in on the client too, once the page has loaded it.
      await expect.poll(() => firebaseClient(page, "refreshToken")).toBeTruthy();

      // Every other device is signed out.
      await second.goto("/account/payments");
      await expect(second).toHaveURL(/\/login\?redirectUrl=%2Faccount%2Fpayments&errorCode=440$/);
      await other.close();
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`"Sign out" in the header signs out this browser only (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    request,
  }) => {
    const mine = await browser.newContext({ javaScriptEnabled });
    const page = await mine.newPage();
    const email = await openAccountPage(page, request, "/account/notifications");
    const { other, second } = await signInElsewhere(browser, email, { javaScriptEnabled });

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
    await page.goto("/account/payments");
    await expect(page).toHaveURL(/\/login\?redirectUrl=%2Faccount%2Fpayments$/);

    await second.goto("/account/payments");
    await expect(second).toHaveURL(/\/account\/payments$/);
    await other.close();
    await mine.close();
  });
}
