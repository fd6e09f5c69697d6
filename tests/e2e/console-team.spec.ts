import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test } from "./guarded-test";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { createCompleteUser, latestMail, PASSWORD, uniqueEmail } from "./identity-helpers";

withDemoOwners();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`operator console: the team, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner invites a manager, who accepts; the team and the audit log show it; others get 404", async ({
      page,
      browser,
      request,
    }) => {
      const invitee = uniqueEmail(javaScriptEnabled ? "manager-js" : "manager-nojs");
      await createCompleteUser(request, invitee, PASSWORD, { operators: ["acme"] });

      // Signed out: to sign-in, and back to the console.
      await page.goto(`${ACME}/console`);
      await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acme Adventures console");
      await expect(page.getByTestId("console-role")).toHaveText("Owner");
      if (javaScriptEnabled) await expectAxeClean(page);

      await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Team" }).click();
      await expect(page).toHaveURL(/\/console\/team$/);
      if (javaScriptEnabled) await expectAxeClean(page);
      const inviteForm = page.locator("form", {
        has: page.getByRole("button", { name: "Send the invitation", exact: true }),
      });
      await inviteForm.getByLabel("Email").fill(invitee);
      await inviteForm.getByLabel("Role").selectOption("manager");
      await inviteForm.getByRole("button", { name: "Send the invitation", exact: true }).click();
      await expect(page.getByRole("status")).toHaveText("The invitation has been sent.");
      await expect(page.getByTestId("invitations")).toContainText(invitee);
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

      // The manager signs in from the link and accepts.
      const context = await browser.newContext({ javaScriptEnabled });
      const managerPage = await context.newPage();
      await managerPage.goto(mail.link);
      await signInHere(managerPage, invitee, PASSWORD, /\/console\/invitations\//);
      await expect(managerPage.getByRole("heading", { level: 1 })).toHaveText("Join the team");
      if (javaScriptEnabled) await expectAxeClean(managerPage);
      await managerPage.getByRole("button", { name: "Accept the invitation" }).click();
      await expect(managerPage).toHaveURL(/\/console$/);
      await expect(managerPage.getByRole("status")).toHaveText("Welcome to the team.");
      await expect(managerPage.getByTestId("console-role")).toHaveText("Manager");
      // A manager has no Team page.
      expect((await managerPage.goto(`${ACME}/console/team`))?.status()).toBe(403);
      await context.close();

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

      // Someone signed in who is not in the team: the 404 page.
      const stranger = await createCompleteUser(request, uniqueEmail("stranger"), PASSWORD, { operators: ["acme"] });
      const strangerContext = await browser.newContext({ javaScriptEnabled });
      const strangerPage = await strangerContext.newPage();
      await strangerPage.goto(`${ACME}/console`);
      await signInHere(strangerPage, stranger.email, PASSWORD, /\/console$/);
      const answer = await strangerPage.goto(`${ACME}/console`);
      expect(answer?.status()).toBe(404);
      await expect(strangerPage.getByText("Page Not Found: /console")).toBeVisible();
      await strangerContext.close();
    });
  });
}
