import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { experiences } from "~api/db/schema";
import * as questions from "~/routes/_console.console.experiences.$experienceId.questions";
import { identityWorld } from "../support/identity";
import { experiencePage, memberOf } from "../support/console-routes";

const { db } = identityWorld();

const EXPERIENCE = "brooklyn-bridge-sunrise-walk";
const { load, post, expectGuarded } = experiencePage(questions, "questions", EXPERIENCE);

const stored = async () =>
  (await db().select({ q: experiences.bookingQuestions }).from(experiences).where(eq(experiences.id, EXPERIENCE)))[0].q;

describe("/console/experiences/:experienceId/questions", () => {
  it("signed out: sign in; another operator's experience: 404; a guide: 403", async () => {
    await expectGuarded(db(), { intent: "add", label: "Height", kind: "number", per: "guest" });
  });

  it("adds a per-guest question and a child-only one, lists them, refuses a bad one on its field, removes one", async () => {
    const manager = await memberOf(db(), "manager");
    const added = await post(manager.cookie, {
      intent: "add",
      label: "Height (cm)",
      kind: "number",
      per: "guest",
      required: "on",
      min: "100",
      max: "220",
      condition: "always",
    });
    expect(added.status).toBe(302);
    const child = await post(manager.cookie, {
      intent: "add",
      label: "Child's age",
      kind: "number",
      per: "guest",
      required: "on",
      condition: "ticket",
      conditionTicket: "child",
    });
    expect(child.status).toBe(302);
    expect(await stored()).toMatchObject([
      { id: "height_cm", per: "guest", required: true, min: 100, max: 220, showIf: null },
      { id: "child_s_age", showIf: { ticketType: "child" } },
    ]);
    const page = await load(manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data.title).toBe("Booking questions: Brooklyn Bridge Sunrise Walk");
    expect(page.data.page.questions).toHaveLength(2);

    // Refused by the contract's rules, on the form's field: one of a list with a single choice; a
    // ticket-type condition on a question per booking.
    const refusals: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ label: "Meal", kind: "choice", options: "Fish" }, { options: ["validation.questionOptions"] }],
      [
        { label: "Pickup", kind: "text", condition: "ticket", conditionTicket: "child" },
        { condition: ["validation.questionShowIf"] },
      ],
    ];
    for (const [fields, errors] of refusals) {
      const refused = await post(manager.cookie, { intent: "add", per: "booking", condition: "always", ...fields });
      expect(refused.status).toBe(400);
      expect(refused.data.result.error).toMatchObject(errors);
    }
    expect(await stored()).toHaveLength(2);

    const removed = await post(manager.cookie, { intent: "remove", questionId: "height_cm" });
    expect(removed.status).toBe(302);
    expect((await stored()).map((q: { id: string }) => q.id)).toEqual(["child_s_age"]);
  });
});
