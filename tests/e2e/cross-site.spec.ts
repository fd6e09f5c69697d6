import { expect, test, type Page, withJavaScriptOnAndOff } from "./guarded-test";
import { expectAxeClean } from "./console-helpers";
import { origin } from "./helpers";

/**
 * A form on another site that posts to ours (CSRF): the browser shows our 403 page in the site's
 * layout — why nothing happened and the way home — at the address it posted to, with JavaScript
 * on or off, and nothing was done.
 */
const FOREIGN = "http://elsewhere.test";

async function postFromAnotherSite(page: Page, path: string) {
  await page.route(`${FOREIGN}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><html lang="en"><title>Elsewhere</title><body>
        <form method="post" action="${origin()}${path}">
          <input name="email" value="someone@example.com"><input name="password" value="a-password-1">
          <button>Send</button>
        </form></body></html>`,
    }),
  );
  await page.goto(`${FOREIGN}/`);
  const [answer] = await Promise.all([page.waitForResponse(`${origin()}${path}`), page.getByRole("button").click()]);
  await page.waitForLoadState("load");
  return answer;
}

withJavaScriptOnAndOff("a form post from another site", (javaScriptEnabled) => {
  test("shows the 403 page in the layout, says nothing was changed and leads home", async ({ page }) => {
    const answer = await postFromAnotherSite(page, "/login");
    expect(answer.status()).toBe(403);
    expect(answer.request().method()).toBe("POST");
    await expect(page).toHaveURL(`${origin()}/login`);
    await expect(page).toHaveTitle("Forbidden · Wayfarer");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Forbidden");
    await expect(page.getByText("This request came from another site")).toContainText("nothing was changed");
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    // It stays (no script on it to take the address over and show the sign-in page instead).
    await page.waitForTimeout(500);
    await expect(page.getByText("This request came from another site")).toBeVisible();
    if (javaScriptEnabled) {
      // axe runs as a script in the page: only with JavaScript on.
      await expectAxeClean(page);
    }
  });
});
