import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, operatorInvitations, operatorMembers } from "~api/db/schema";
import { createOperator } from "~api/platform/create-operator";
import { isApiError } from "~contract/errors";
import { v1 } from "../../support/client";
import { outboxOfKind, syncedUser, uniqueEmail, withEmulatorUsers } from "../../support/identity";
import { seedDbForThisFile } from "../../support/api";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const base = { name: "Lisbon Food Walks", currency: "EUR", timezone: "Europe/Lisbon", country: "pt" };

/** What createOperator refuses `input` with: its status and code. */
async function refusal(input: Parameters<typeof createOperator>[1]) {
  try {
    await db().transaction((tx) => createOperator(tx, input));
  } catch (error) {
    if (isApiError(error)) return { status: error.status, code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error("createOperator did not refuse");
}

describe("createOperator", () => {
  it("makes the account with default branding and the user with the owner's email its owner; its storefront answers", async () => {
    const owner = await syncedUser();
    const made = await db().transaction((tx) =>
      createOperator(tx, { ...base, slug: "lisbon-food-walks", ownerEmail: owner.email.toUpperCase() }),
    );
    expect(made).toMatchObject({ slug: "lisbon-food-walks", ownerUserId: owner.uid, invitationId: null });
    const [account] = await db().select().from(accounts).where(eq(accounts.id, made.accountId));
    expect(account).toMatchObject({
      name: "Lisbon Food Walks",
      currency: "EUR",
      timezone: "Europe/Lisbon",
      country: "PT",
      status: "active",
      contactEmail: owner.email.toLowerCase(),
    });
    const members = await db()
      .select({ userId: operatorMembers.userId, role: operatorMembers.role })
      .from(operatorMembers)
      .where(eq(operatorMembers.accountId, made.accountId));
    expect(members).toEqual([{ userId: owner.uid, role: "owner" }]);
    const storefront = await v1.accountContext({ params: { slug: "lisbon-food-walks" } });
    expect(storefront.status).toBe(200);
    expect(storefront.body.data).toMatchObject({ name: "Lisbon Food Walks", currency: "EUR" });
    // The owner's console answers them.
    const me = await v1.operatorMe({ token: owner.idToken, account: "lisbon-food-walks" });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
  });

  it("invites an owner who has no account yet, and emails the invitation with a link on the new storefront", async () => {
    const email = uniqueEmail("new-owner");
    const made = await db().transaction((tx) =>
      createOperator(tx, { ...base, slug: "porto-boats", ownerEmail: email, contactPhone: "+351 22 555 0101" }),
    );
    expect(made.ownerUserId).toBeNull();
    const [invitation] = await db()
      .select()
      .from(operatorInvitations)
      .where(and(eq(operatorInvitations.accountId, made.accountId), eq(operatorInvitations.id, made.invitationId!)));
    expect(invitation).toMatchObject({ email, role: "owner", acceptedAt: null });
    const [mail] = await outboxOfKind(email, "operator_invitation");
    expect(mail.meta.link).toMatch(/^http:\/\/porto-boats\.app\.localhost:3000\/console\/invitations\/[\w-]+$/);
  });

  it("refuses a taken slug 409 slug_taken, a reserved one 400 slug_reserved, a malformed input 400, and leaves nothing", async () => {
    const ownerEmail = uniqueEmail("refused");
    expect(await refusal({ ...base, slug: "acme", ownerEmail })).toMatchObject({ status: 409, code: "slug_taken" });
    expect(await refusal({ ...base, slug: "admin", ownerEmail })).toMatchObject({
      status: 400,
      code: "slug_reserved",
    });
    const malformed = await refusal({ ...base, slug: "-bad-", currency: "EURO", timezone: "Mars/Base", ownerEmail });
    expect(malformed).toMatchObject({ status: 400, code: "validation_error" });
    expect(Object.keys(malformed.fields ?? {}).sort()).toEqual(["currency", "slug", "timezone"]);
    const left = await db().select().from(operatorInvitations).where(eq(operatorInvitations.email, ownerEmail));
    expect(left).toEqual([]);
  });
});
