import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, slots } from "~api/db/schema";
import * as page from "~/routes/_default.account.booking.$bookingId";
import * as consolePage from "~/routes/_console.console.bookings.$bookingId";
import { bookingUser, bookingWorld } from "../support/booking";
import { consoleLoad, memberOf } from "../support/console-routes";
import { answeredFamilyBooking } from "../support/questions";
import { args, flashOf, outcome, pageRequest, sessionFor } from "../support/routes";

/**
 * The answers to a booking's questions where people read them (issue 46, item 1): the traveller's
 * booking page (and its form that changes them until the cut-off) and the console's booking page.
 */
const { db, acme } = bookingWorld();

/** Every answer of the family's booking as its form sends it (KAYAK_ANSWERS, guest 1 now 181 cm). */
const FORM = {
  intent: "answers",
  "answers.booking.hotel_phone": "(555) 123-4567",
  "answers.guests[0].height": "181",
  "answers.guests[0].swimmer": "yes",
  "answers.guests[1].height": "165",
  "answers.guests[1].swimmer": "no",
  "answers.guests[1].swim_aid": "Vest",
  "answers.guests[2].height": "120",
  "answers.guests[2].swimmer": "yes",
  "answers.guests[2].child_age": "8",
};

async function familyPage() {
  const { user, slot, booking } = await answeredFamilyBooking(db(), acme, { startsInHours: acme.cutoffHours + 48 });
  const cookie = await sessionFor(user);
  const path = `/account/booking/${booking.id}`;
  const params = { bookingId: booking.id };
  return {
    slot,
    booking,
    path,
    load: () => outcome(() => page.loader(args(pageRequest(path, { cookie }), params) as never)),
    post: (form: Record<string, string>, as = cookie) =>
      outcome(() => page.action(args(pageRequest(path, { cookie: as, form }), params) as never)),
  };
}

const answersOf = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0].answers;

describe("the traveller's booking page: answers", () => {
  it("shows the answers per guest with their ticket type; the form changes them; a wrong one is refused on its field in the page's words", async () => {
    const { booking, path, load, post } = await familyPage();
    const view = await load();
    expect(view.status).toBe(200);
    expect(view.data.booking.canChangeAnswers).toBe(true);
    const lines = view.data.booking.answers.lines as Array<{ guestNo: number | null; ticketName: string | null }>;
    expect(lines).toContainEqual(expect.objectContaining({ guestNo: 3, questionId: "child_age", value: 8 }));
    expect(lines).toContainEqual(expect.objectContaining({ guestNo: null, questionId: "hotel_phone" }));
    expect(lines.find((line) => line.guestNo === 3)?.ticketName).toBe(acme.child!.name);

    // The child's age left out: 400 on its field, a locale key (never the API's English), for this form.
    const { "answers.guests[2].child_age": _age, ...withoutAge } = FORM;
    const refused = await post({ ...withoutAge, "answers.guests[0].height": "90" });
    expect(refused.status).toBe(400);
    expect(refused.data.intent).toBe("answers");
    expect(refused.data.result.error).toEqual({
      "answers.guests[2].child_age": ["validation.answerRequired"],
      "answers.guests[0].height": ["validation.answerTooSmall"],
    });
    // What was typed comes back to the form.
    expect(refused.data.result.initialValue.answers.guests[0].height).toBe("90");
    expect((await answersOf(booking.id)).guests[0].height).toBe(180);

    const changed = await post(FORM);
    expect(changed.status).toBe(302);
    expect(changed.location).toBe(path);
    expect(flashOf(changed.headers)).toContain("questions.changed");
    expect((await answersOf(booking.id)).guests[0]).toEqual({ height: 181, swimmer: true });
  });

  it("after the cut-off: the form refused with 409 said on the page, the answers still shown without the form", async () => {
    const { slot, booking, load, post } = await familyPage();
    // The departure now within the free-cancellation cutoff.
    await db()
      .update(slots)
      .set({ startsAt: sql`now() + interval '1 hour'`, endsAt: sql`now() + interval '3 hours'` })
      .where(eq(slots.id, slot.id));
    const view = await load();
    expect(view.data.booking.canChangeAnswers).toBe(false);
    expect(view.data.booking.answers.lines.length).toBeGreaterThan(0);
    const closed = await post(FORM);
    expect(closed.status).toBe(409);
    expect(closed.data).toMatchObject({ intent: "answers", result: { error: { "": ["apiErrors.answers_closed"] } } });
    expect((await answersOf(booking.id)).guests[0].height).toBe(180);
  });

  it("another traveller's booking: 404, nothing changed", async () => {
    const { booking, post } = await familyPage();
    const stranger = await sessionFor(await bookingUser(acme));
    const refused = await post(FORM, stranger);
    expect(refused.status).toBe(404);
    expect((await answersOf(booking.id)).guests[0].height).toBe(180);
  });
});

describe("the console's booking page: answers", () => {
  it("its loader carries the questions asked and the answers, per guest with the ticket type", async () => {
    const { booking } = await familyPage();
    const manager = await memberOf(db(), "manager");
    const params = { bookingId: booking.id };
    const view = await consoleLoad(consolePage, `/console/bookings/${booking.id}`, manager.cookie, params);
    expect(view.status).toBe(200);
    const { answers } = view.data.page.booking;
    expect(answers.questions.map((question: { id: string }) => question.id)).toContain("child_age");
    expect(answers.lines).toContainEqual({
      guestNo: 2,
      ticketName: acme.adult.name,
      questionId: "swim_aid",
      label: "Which swim aid?",
      kind: "choice",
      value: "Vest",
    });
    expect(answers.guests[2]).toEqual({ height: 120, swimmer: true, child_age: 8 });
  });
});
