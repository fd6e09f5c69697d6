import { expect, test, type Page, withJavaScriptOnAndOff } from "./guarded-test";
import { findBookableDay } from "./booking-helpers";
import { createCompleteUser, signInWithPassword, signWaiver } from "./identity-helpers";

/**
 * A waiver is signed only by the traveller's own act (issue 39, item 1): signing the marketplace's
 * waiver leads to the operator's on the same page, which opens with nothing typed and nothing
 * ticked, with JavaScript on and off; the two waivers are two numbered steps.
 */
async function expectUnsigned(page: Page) {
  await expect(page.getByLabel("Your full name")).toHaveValue("");
  await expect(page.getByLabel("I have read and agree to this waiver")).not.toBeChecked();
}

async function expectStep(page: Page, text: string) {
  await expect(page.getByRole("navigation", { name: "Booking steps" })).toContainText(text);
}

withJavaScriptOnAndOff("", () => {
  test("the operator's waiver opens unsigned after the marketplace's was signed", async ({ page, request }) => {
    const target = await findBookableDay(request);
    const service = await (await request.get(`/v1/experiences/${target.parentId}/services/${target.serviceId}`)).json();
    const ticket = service.data.service.ticketTypes[0];
    const user = await createCompleteUser(request, undefined, undefined, { platformWaiver: false });
    const confirm = `/experiences/${target.parentId}/${target.serviceId}/confirm?slot=${target.slot.id}&t_${ticket.id}=1`;
    await page.goto(`/login?${new URLSearchParams({ redirectUrl: confirm })}`);
    await signInWithPassword(page, user.email, user.password);

    await expect(page).toHaveURL(/\/waiver\?/);
    await expect(page).not.toHaveURL(/account=/);
    await expectStep(page, "Step 3 of 5: Marketplace waiver");
    await expectUnsigned(page);
    await signWaiver(page);

    await expect(page).toHaveURL(/\/waiver\?.*account=/);
    await expectStep(page, "Step 4 of 5: Operator's waiver");
    await expectUnsigned(page);
    // One click on "Sign waiver" records nothing: the name and the box are the traveller's to give.
    await page.getByRole("button", { name: "Sign waiver" }).click();
    await expect(page).toHaveURL(/\/waiver\?.*account=/);
    await signWaiver(page);
    await expect(page).toHaveURL(/\/confirm\?/);
    await expectStep(page, "Step 5 of 5: Review and pay");
  });
});
