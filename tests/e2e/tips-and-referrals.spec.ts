import { expect, test, type APIRequestContext } from "./guarded-test";
import {
  bookAndPay,
  chooseWithPlainForms,
  findBookableDay,
  payWithCard,
  signIn,
  signOperatorWaiver,
} from "./booking-helpers";
import { createCompleteUser, signInWithPassword, signUpWith, signWaiver, uniqueEmail } from "./identity-helpers";
import { origin } from "./helpers";

/**
 * Tips and referrals, end to end. This file moves the product's test clock forward (it never goes
 * back), so it runs after the others (files run in name order, one worker, one fresh database per
 * run).
 */
test.describe("tipping the guide", () => {
  test("from the emailed link: 18% with the sandbox card, thanked, listed in payments, shown again; a bad key is 404", async ({
    page,
    request,
  }) => {
    const user = await signIn(page, request);
    const target = await findBookableDay(request, 1);
    await bookAndPay(page, target);
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");

    // Half an hour after the trip ends, the tip request goes out.
    const after = new Date(Date.parse(target.slot.endsAt) + 31 * 60_000).toISOString();
    const moved = await request.post(`${origin()}/v1/dev/clock`, { data: { now: after } });
    expect(moved.status()).toBe(200);
    expect((await moved.json()).data.ran.tipRequests).toBeGreaterThanOrEqual(1);
    const { mail, link } = await tipRequest(request, user.email);

    await page.goto(link.pathname);
    await expect(page.getByRole("heading", { name: "Tip your guide" })).toBeVisible();
    // The booking as the traveller knows it: its WF- reference, never the internal id.
    await expect(page.getByText(/^Booking WF-[0-9A-Z]{4}-[0-9A-Z]{4}$/)).toBeVisible();
    await expect(page.locator("main")).not.toContainText("bk_");
    await page.getByLabel(/^18%/).check();
    const chosen = (await page.getByLabel(/^18%/).locator("xpath=..").textContent())!.split("·")[1].trim();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(new RegExp(`${link.pathname}\\?paid=1$`));
    await expect(page.getByTestId("tip-thanks")).toContainText(`Thank you! Your tip of ${chosen} was received.`);

    await page.goto("/account/payments");
    await expect(page.getByTestId("tips")).toContainText(chosen);
    await expect(page.getByTestId("tips")).toContainText(/WF-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    await expect(page.getByTestId("tips")).not.toContainText("bk_");
    await page.goto(link.pathname);
    await expect(page.getByTestId("tip-thanks")).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);

    const bad = await page.goto(`/gratuity/${"A".repeat(32)}`);
    expect(bad!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

    // The tip email also asks for a review: from the booking's page, once; then first on the experience.
    const reviewLink = new URL(/https?:\/\/\S+#review/.exec(mail.textBody)![0]);
    await page.goto(reviewLink.pathname);
    const form = page.locator("#review");
    await form.getByLabel("4 stars").check();
    await form.getByLabel("Your review").fill("A lovely evening: friendly guide, great stories.");
    await form.getByRole("button", { name: "Post review" }).click();
    await expect(page.getByText("Thank you: your review is posted.")).toBeVisible();
    await expect(page.locator("#review")).toHaveCount(0);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}`);
    const newest = page.getByTestId("review-list").locator("li").first();
    await expect(newest).toContainText("A lovely evening: friendly guide, great stories.");
    await expect(newest).toContainText("Ada L.");
    await expect(newest).toContainText("Verified booking");
  });
});

test.describe("tipping the guide without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("another amount, typed in a plain form, paid on the sandbox checkout, thanked", async ({ page, request }) => {
    const user = await signIn(page, request);
    const target = await findBookableDay(request, 1);
    await chooseWithPlainForms(page, target);
    await page.getByRole("button", { name: /^Pay / }).click();
    await payWithCard(page, "4242424242424242");
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");

    const after = new Date(Date.parse(target.slot.endsAt) + 31 * 60_000).toISOString();
    expect((await request.post(`${origin()}/v1/dev/clock`, { data: { now: after } })).status()).toBe(200);
    const { link } = await tipRequest(request, user.email);

    await page.goto(link.pathname);
    await page.getByLabel("Another amount").check();
    await page.getByLabel(/^Amount in /).fill("abc");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByText("Enter an amount, like 12 or 12.50.")).toBeVisible();
    await page.getByLabel("Another amount").check();
    await page.getByLabel(/^Amount in /).fill("12.50");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithCard(page, "4242424242424242");
    await expect(page.getByTestId("tip-thanks")).toContainText("12.50");
  });
});

test.describe("inviting a friend", () => {
  test("the invitation link, a first booking 10 % off, the trip taken: the inviter rewarded and notified", async ({
    page,
    request,
    browser,
  }) => {
    // The inviter takes their link from the account area.
    const inviter = await createCompleteUser(request);
    const inviterContext = await browser.newContext();
    const inviterPage = await inviterContext.newPage();
    await inviterPage.goto("/login");
    await signInWithPassword(inviterPage, inviter.email, inviter.password);
    await expect(inviterPage.getByRole("button", { name: "Sign out" })).toBeVisible();
    await inviterPage.goto("/account");
    const link = await inviterPage.getByLabel("Your invitation link").inputValue();
    expect(link).toMatch(/\/referral\/[0-9A-Z]{8}$/);
    // Opened by the inviter: their own link, how to share it, no sign-up offer.
    await inviterPage.goto(new URL(link).pathname);
    await expect(inviterPage.getByTestId("referral-invite")).toContainText("This is your own invitation link.");
    await expect(inviterPage.getByRole("link", { name: "Create an account" })).toHaveCount(0);
    await expect(inviterPage.getByRole("link", { name: "Copy or share your link" })).toHaveAttribute(
      "href",
      "/account#invite-heading",
    );

    // The friend follows it, creates an account from the invitation and books.
    await page.goto(new URL(link).pathname);
    await expect(page.getByTestId("referral-invite")).toHaveText("Ada invites you to Wayfarer");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    const friend = uniqueEmail("friend");
    await signUpWith(page, friend, ["Grace", "Hopper"], "(555) 987-6543");
    await signWaiver(page, "Grace Hopper");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    const target = await findBookableDay(request, 1);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    await page.locator('input[type="number"][name^="t_"]').first().fill("2");
    await page.getByRole("button", { name: "Continue to booking" }).click();
    await expect(page).toHaveURL(/\/(waiver|confirm)\?/);
    if (/\/waiver\?/.test(page.url())) await signOperatorWaiver(page);
    await expect(page.getByTestId("referral-note")).toContainText("Invitation from Ada:");
    await expect(page.getByTestId("price-discount")).toBeVisible();
    await page.getByRole("button", { name: /^Pay / }).click();
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");

    // A second booking is at full price: the discount was for the first.
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
    await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
    await page.locator('input[type="number"][name^="t_"]').first().fill("1");
    await page.getByRole("button", { name: "Continue to booking" }).click();
    await expect(page.getByTestId("referral-note")).toContainText("for a first booking");
    await expect(page.getByTestId("price-discount")).toHaveCount(0);

    // The trip takes place: the inviter gets a reward code, by email and in the account area.
    const after = new Date(Date.parse(target.slot.endsAt) + 60_000).toISOString();
    const moved = await request.post(`${origin()}/v1/dev/clock`, { data: { now: after } });
    expect((await moved.json()).data.ran.referralRewards).toBe(1);
    const outbox = await (
      await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(inviter.email)}&limit=50`)
    ).json();
    expect(outbox.data.filter((message: { kind: string }) => message.kind === "referral_rewarded")).toHaveLength(1);
    await inviterPage.goto("/account");
    await expect(inviterPage.getByTestId("invite-friends")).toContainText("Invited: 1 · Trips taken: 1");
    await expect(inviterPage.getByTestId("invite-friends")).toContainText("THANKS-");
    await inviterContext.close();
  });
});

/** The guest's tip-request email (the dev outbox) and the tip link in it. */
async function tipRequest(request: APIRequestContext, email: string) {
  const outbox = await (await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(email)}&limit=50`)).json();
  const mail = outbox.data.find((message: { kind: string }) => message.kind === "tip_request");
  return { mail: mail as { textBody: string }, link: new URL(/https?:\/\/\S+\/gratuity\/\S+/.exec(mail.textBody)![0]) };
}
