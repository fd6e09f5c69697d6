import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, withJavaScriptOnAndOff } from "./guarded-test";
import { ACME, OWNER, expectAxeClean, inviteToTeam, signInHere, withDemoOwners } from "./console-helpers";
import { createCompleteUser, latestMail, PASSWORD, uniqueEmail } from "./identity-helpers";

withDemoOwners();

withJavaScriptOnAndOff("operator console: the team", (javaScriptEnabled) => {
  test("the owner invites a manager, who accepts; the team and the audit log show it; removed, the manager is told", async ({
    page,
    browser,
    request,
  }) => {
    const invitee = uniqueEmail(javaScriptEnabled ? "manager-js" : "manager-nojs");
    await createCompleteUser(request, invitee, PASSWORD, { operators: ["acme"] });

    // Signed out: to the console's sign-in (whose console it is, under the storefront's brand), and back.
    await page.goto(`${ACME}/console`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the Acme Adventures console");
    await expect(page.getByTestId("console-sign-in")).toContainText("Console");
    await expect(page.getByRole("banner").getByRole("link", { name: "Acme Adventures" })).toBeVisible();
    await expect(page).toHaveTitle("Sign in to the console · Acme Adventures");
    if (javaScriptEnabled) await expectAxeClean(page);
    await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acme Adventures console");
    await expect(page.getByTestId("console-role")).toHaveText("Owner");
    if (javaScriptEnabled) await expectAxeClean(page);

    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/console\/team$/);
    if (javaScriptEnabled) await expectAxeClean(page);
    // A double click sends one invitation; the form is empty again.
    const inviteForm = await inviteToTeam(page, invitee, "manager", "dblclick");
    await expect(page.getByTestId("invitation").filter({ hasText: invitee })).toHaveCount(1);
    await expect(inviteForm.getByLabel("Email")).toHaveValue("");
    // Sent again: a new link (the one fetched below); another invitation withdrawn.
    await page.getByRole("button", { name: `Send the invitation to ${invitee} again` }).click();
    await expect(page.getByRole("status")).toHaveText(
      "The invitation has been sent again; the earlier link no longer works.",
    );
    const extra = uniqueEmail("withdrawn");
    await inviteForm.getByLabel("Email").fill(extra);
    await inviteForm.getByRole("button", { name: "Send the invitation", exact: true }).click();
    await expect(page.getByTestId("invitations")).toContainText(extra);
    await page.getByRole("button", { name: `Withdraw the invitation to ${extra}` }).click();
    await expect(page.getByRole("status")).toHaveText("The invitation has been withdrawn.");
    await expect(page.getByTestId("invitations")).not.toContainText(extra);

    // The email is in the dev mailbox, with the link to the storefront's console.
    const mail = await latestMail(request, invitee);
    expect(mail.subject).toBe("You are invited to join Acme Adventures's team");
    expect(mail.link).toMatch(new RegExp(`^${ACME}/console/invitations/[\\w-]{43}$`));
    // On the storefront: the email shows the operator's logo from its own host.
    await page.goto(`${ACME}/dev/mailbox`);
    await expect(page.getByText(mail.subject).first()).toBeVisible();

    // The manager signs in from the link (the invited email filled in) and accepts.
    const context = await browser.newContext({ javaScriptEnabled });
    const managerPage = await context.newPage();
    await managerPage.goto(mail.link);
    await expect(managerPage.getByTestId("console-sign-in")).toContainText(
      `Acme Adventures invited ${invitee} to join its team as Manager.`,
    );
    await expect(managerPage.locator("#sign-in").getByLabel("Email")).toHaveValue(invitee);
    await signInHere(managerPage, invitee, PASSWORD, /\/console\/invitations\//);
    await expect(managerPage.getByRole("heading", { level: 1 })).toHaveText("Join the team");
    if (javaScriptEnabled) await expectAxeClean(managerPage);
    await managerPage.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(managerPage).toHaveURL(/\/console$/);
    await expect(managerPage.getByRole("status")).toHaveText("Welcome to the team.");
    await expect(managerPage.getByTestId("console-role")).toHaveText("Manager");
    // A manager has no Team page: said in words, with the way back.
    expect((await managerPage.goto(`${ACME}/console/team`))?.status()).toBe(403);
    await expect(managerPage.getByRole("heading", { level: 1 })).toHaveText("Only an owner can manage the team");
    await expect(managerPage.getByTestId("console-refusal")).toContainText(
      "Your role in the Acme Adventures team is Manager",
    );
    await expect(managerPage.getByRole("navigation", { name: "Console sections" })).toBeVisible();
    if (javaScriptEnabled) await expectAxeClean(managerPage);
    await managerPage.getByRole("link", { name: "Back to the console home" }).click();
    await expect(managerPage).toHaveURL(/\/console$/);

    // The owner sees both, and the log.
    await page.goto(`${ACME}/console/team`);
    const members = page.getByTestId("member");
    await expect(members.filter({ hasText: OWNER })).toContainText("Owner");
    await expect(members.filter({ hasText: invitee }).getByTestId("member-role")).toHaveText("Manager");
    await page.goto(`${ACME}/console/audit-log`);
    if (javaScriptEnabled) await expectAxeClean(page);
    const log = page.getByTestId("audit-log");
    await expect(log).toContainText(`invited ${invitee} as Manager`);
    await expect(log).toContainText("accepted the invitation and joined as Manager");

    // Removing the manager asks first (a disclosure, without JavaScript too), then removes.
    await page.goto(`${ACME}/console/team`);
    const row = page.getByTestId("member").filter({ hasText: invitee });
    const remove = row.getByRole("button", { name: `Remove ${invitee}` });
    await expect(remove).toBeHidden();
    await row.getByText("Remove…").click();
    await expect(row.getByText(`Remove ${invitee} from the team?`)).toBeVisible();
    if (javaScriptEnabled) await expectAxeClean(page);
    await remove.click();
    await expect(page.getByRole("status")).toHaveText("The member has been removed.");
    await expect(page.getByTestId("members")).not.toContainText(invitee);

    // The removed manager, still signed in: not a member any more, said in words, and where to go.
    const answer = await managerPage.goto(`${ACME}/console`);
    expect(answer?.status()).toBe(404);
    await expect(managerPage.getByRole("heading", { level: 1 })).toHaveText("You are not a member of this team");
    await expect(managerPage.getByTestId("console-refusal")).toContainText(`You are signed in as ${invitee}`);
    await expect(managerPage).toHaveTitle("You are not a member of this team · Acme Adventures");
    if (javaScriptEnabled) await expectAxeClean(managerPage);
    await managerPage.getByRole("link", { name: "Go to your account" }).click();
    await expect(managerPage).toHaveURL(/\/account$/);
    // Or sign in with another account: signed out, on the console's sign-in.
    await managerPage.goto(`${ACME}/console`);
    await managerPage.getByRole("button", { name: "Sign in with another account" }).click();
    await expect(managerPage).toHaveURL(/\/login\?redirectUrl=%2Fconsole$/);
    await expect(managerPage.getByRole("heading", { level: 1 })).toHaveText("Sign in to the Acme Adventures console");
    await context.close();
  });
});
