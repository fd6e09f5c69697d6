import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, experiences } from "~api/db/schema";
import { storedQuestions } from "~contract/bookings/questions";
import { KAYAK_QUESTIONS } from "../support/questions";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import { bookingWorld, bookingUser, createSlot } from "../support/booking";
import { args, outcome, pageRequest, sessionFor } from "../support/routes";

/** The pay page asks the booking questions (issue 46, item 1): per guest, without JavaScript, refusals next to the field. */
const { db, acme } = bookingWorld();

beforeAll(async () => {
  await db()
    .update(experiences)
    .set({
      bookingQuestions: storedQuestions.parse(
        KAYAK_QUESTIONS.filter((question) => question.id === "height" || question.id === "child_age"),
      ),
    })
    .where(eq(experiences.id, acme.experienceId));
});

const confirmPath = (slotId: string) =>
  `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?slot=${slotId}&t_${acme.adult.id}=2&t_${acme.child!.id}=1`;
const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });
const load = (path: string, cookie: string) =>
  outcome(() => confirmRoute.loader(args(pageRequest(path, { cookie }), params()) as never));
const place = (path: string, cookie: string, form: Record<string, string>) =>
  outcome(() => confirmRoute.action(args(pageRequest(path, { cookie, form }), params()) as never));

describe("the pay page's booking questions", () => {
  it("the page asks them per guest; a missing child's age is refused on its field in the page's words; answered, it books", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const page = await load(confirmPath(slot.id), cookie);
    expect(page.status).toBe(200);
    expect(page.data.quote.guests.map((guest: { code: string }) => guest.code)).toEqual(["adult", "adult", "child"]);
    expect(page.data.quote.questions.map((question: { id: string }) => question.id)).toEqual(["height", "child_age"]);

    const form = {
      idempotencyKey: randomUUID(),
      operator: "acme",
      "answers.guests[0].height": "180",
      "answers.guests[1].height": "170",
      "answers.guests[2].height": "120",
    };
    const refused = await place(confirmPath(slot.id), cookie, form);
    expect(refused.status).toBe(400);
    // In the page's words (a locale key; the field names the guest), never the API's English.
    expect(refused.data.result.error).toEqual({ "answers.guests[2].child_age": ["validation.answerRequired"] });
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);

    const booked = await place(confirmPath(slot.id), cookie, { ...form, "answers.guests[2].child_age": "7" });
    expect(booked.status).toBe(302);
    const [row] = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(row.answers).toEqual({
      booking: {},
      guests: [{ height: 180 }, { height: 170 }, { height: 120, child_age: 7 }],
    });
    expect(row.questions.map((question) => question.id)).toEqual(["height", "child_age"]);
  });
});
