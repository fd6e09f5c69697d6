import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appClock, bookings } from "~api/db/schema";
import { forgetClock } from "~api/clock";
import { app } from "~api/app";
import { expectEnvelope, expectRefusedOn } from "../../support/api";
import {
  bookingBody,
  bookingUser,
  bookingWorld,
  createSlot,
  pay,
  placeBooking,
  sessionIdOf,
} from "../../support/booking";
import { asMember, auditEntries, teamOf } from "../../support/operator";
import { v1 } from "../../support/client";
import type { TestUser } from "../../support/identity";
import { KAYAK_ANSWERS, KAYAK_QUESTIONS as QUESTIONS } from "../../support/questions";

/** Booking questions (issue 46, item 1): set in the console, answered at checkout, kept with the booking. */
const { db, acme } = bookingWorld();
let team: Awaited<ReturnType<typeof teamOf>>;
beforeAll(async () => {
  team = await teamOf(db());
});

const setQuestions = (token: string | undefined, body: unknown, experienceId = acme.experienceId, account = "acme") =>
  v1.operatorSetBookingQuestions({ params: { experienceId }, ...asMember(token, { body, account }) });

const family = (slotId: string, answers?: unknown) =>
  bookingBody(acme, slotId, 2, {
    tickets: [
      { ticketTypeId: acme.adult.id, quantity: 2 },
      { ticketTypeId: acme.child!.id, quantity: 1 },
    ],
    ...(answers === undefined ? {} : { answers }),
  } as object);

const GOOD = KAYAK_ANSWERS;

async function withQuestions() {
  const set = await setQuestions(team.manager.idToken, { questions: QUESTIONS });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

describe("operatorSetBookingQuestions", () => {
  it("a manager sets and reads the list; a guide 403, a stranger and signed out refused, another operator's experience 404", async () => {
    const set = await setQuestions(team.manager.idToken, { questions: QUESTIONS });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.questions.map((question: { id: string }) => question.id)).toEqual(QUESTIONS.map((q) => q.id));
    const read = await v1.operatorGetBookingQuestions({
      params: { experienceId: acme.experienceId },
      ...asMember(team.owner.idToken),
    });
    expect(read.status).toBe(200);
    expect(read.body.data.questions[3]).toMatchObject({ id: "child_age", showIf: { ticketType: "child" } });
    expect(read.body.data.services.length).toBeGreaterThan(0);
    expectEnvelope(await setQuestions(team.guide.idToken, { questions: [] }), 403, "forbidden");
    expectEnvelope(await setQuestions(team.stranger.idToken, { questions: [] }), 404, "not_found");
    expectEnvelope(await setQuestions(undefined, { questions: [] }), 401, "unauthorized");
    // acme's manager on harbor's storefront is nobody; acme's experience on harbor's is not found.
    expectEnvelope(
      await setQuestions(team.manager.idToken, { questions: [] }, acme.experienceId, "harbor"),
      404,
      "not_found",
    );
    const harborOwner = await teamOf(db(), "harbor");
    expectEnvelope(
      await setQuestions(harborOwner.manager.idToken, { questions: [] }, acme.experienceId, "harbor"),
      404,
      "experience_not_found",
    );
    // The change is in the audit log, before and after.
    const [entry] = await auditEntries(db(), "booking_questions.set", team.manager.uid);
    expect(JSON.parse(entry.target.after!)).toHaveLength(QUESTIONS.length);
  });

  it("hostile or inconsistent lists are 400 naming the field; nothing is stored", async () => {
    await withQuestions();
    const bad: Array<[unknown, string]> = [
      [{ questions: "x" }, "questions"],
      [{ questions: [{ label: "A", kind: "poem", per: "guest" }] }, "questions.0.kind"],
      [{ questions: [{ label: "", kind: "text", per: "guest" }] }, "questions.0.label"],
      [{ questions: [{ label: "A", kind: "choice", per: "guest", options: ["One"] }] }, "questions.0.options"],
      [{ questions: [{ label: "A", kind: "number", per: "guest", min: 5, max: 1 }] }, "questions.0.max"],
      [
        { questions: [{ label: "A", kind: "text", per: "booking", showIf: { ticketType: "child" } }] },
        "questions.0.showIf",
      ],
      [
        { questions: [{ label: "A", kind: "text", per: "guest", showIf: { questionId: "nope", equals: "x" } }] },
        "questions.0.showIf",
      ],
      [
        {
          questions: [
            { id: "a", label: "A", kind: "text", per: "guest" },
            { id: "a", label: "B", kind: "text", per: "guest" },
          ],
        },
        "questions.1.id",
      ],
      [{ questions: [{ label: "A", kind: "text", per: "guest", serviceId: "svc_not_ours" }] }, "questions.0.serviceId"],
      [{ questions: [{ label: "A", kind: "text", per: "guest", extra: 1 }] }, "questions.0"],
      [
        { questions: Array.from({ length: 31 }, (_, i) => ({ label: `Q${i}`, kind: "text", per: "guest" })) },
        "questions",
      ],
    ];
    for (const [body, field] of bad) {
      expectRefusedOn(await setQuestions(team.manager.idToken, body), field, JSON.stringify(body));
    }
    const read = await v1.operatorGetBookingQuestions({
      params: { experienceId: acme.experienceId },
      ...asMember(team.owner.idToken),
    });
    expect(read.body.data.questions).toHaveLength(QUESTIONS.length);
  });

  it("a question without an id gets one from its label, unique in the list", async () => {
    const res = await setQuestions(team.manager.idToken, {
      questions: [
        { label: "Dietary needs", kind: "longText", per: "booking" },
        { label: "Dietary needs", kind: "text", per: "guest" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.questions.map((q: { id: string }) => q.id)).toEqual(["dietary_needs", "dietary_needs_2"]);
  });
});

describe("createBooking with answers", () => {
  let traveller: TestUser;
  beforeAll(async () => {
    traveller = await bookingUser(acme);
  });

  it("the quote names the questions and the guests in ticket order", async () => {
    await withQuestions();
    const slot = await createSlot(db(), acme.serviceId);
    const quote = await v1.quote({
      body: { serviceId: acme.serviceId, slotId: slot.id, tickets: family(slot.id).tickets },
    });
    expect(quote.body.data.questions.map((q: { id: string }) => q.id)).toEqual(QUESTIONS.map((q) => q.id));
    expect(quote.body.data.guests.map((g: { code: string }) => g.code)).toEqual(["adult", "adult", "child"]);
  });

  it("refuses a missing or wrong answer with 400 naming the guest and the question; no seat taken", async () => {
    await withQuestions();
    const slot = await createSlot(db(), acme.serviceId);
    const cases: Array<[unknown, string, string]> = [
      // Nothing answered: the first guest's height first.
      [undefined, "answers.guests[0].height", "answer.required"],
      // The child's age only for the child (guest 3), and required there.
      [
        { ...GOOD, guests: [GOOD.guests[0], GOOD.guests[1], { height: 120, swimmer: true }] },
        "answers.guests[2].child_age",
        "answer.required",
      ],
      // "Which swim aid?" only when the guest cannot swim: guest 2 says no and leaves it out.
      [
        { ...GOOD, guests: [GOOD.guests[0], { height: 165, swimmer: false }, GOOD.guests[2]] },
        "answers.guests[1].swim_aid",
        "answer.required",
      ],
      // Out of the number's range.
      [
        { ...GOOD, guests: [{ height: 260, swimmer: true }, GOOD.guests[1], GOOD.guests[2]] },
        "answers.guests[0].height",
        "answer.tooBig",
      ],
      // Not one of the list.
      [
        { ...GOOD, guests: [GOOD.guests[0], { height: 165, swimmer: false, swim_aid: "Raft" }, GOOD.guests[2]] },
        "answers.guests[1].swim_aid",
        "answer.choice",
      ],
      // Not a US phone.
      [{ ...GOOD, booking: { hotel_phone: "+44 20 7946 0958" } }, "answers.booking.hotel_phone", "phone.invalid"],
    ];
    for (const [answers, field, code] of cases) {
      const res = await placeBooking(traveller.idToken, family(slot.id, answers));
      expectRefusedOn(res, field, field);
      expect(res.body.error.details).toMatchObject({ field, messageCode: code });
      if (field.startsWith("answers.guests")) {
        const guestNo = Number(/\[(\d+)\]/.exec(field)![1]) + 1;
        expect(res.body.error.fields[field][0]).toMatch(new RegExp(`^Guest ${guestNo} \\(`));
      }
    }
    const [taken] = await db().select().from(bookings).where(eq(bookings.slotId, slot.id));
    expect(taken).toBeUndefined();
  });

  it("keeps the answers (normalised) and the questions as asked; the operator's later edit does not change them", async () => {
    await withQuestions();
    const slot = await createSlot(db(), acme.serviceId);
    const placed = await placeBooking(traveller.idToken, family(slot.id, GOOD));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.data.booking.id as string;
    expect(placed.body.data.booking.answers).toMatchObject({
      booking: { hotel_phone: "+15551234567" },
      guests: [
        { height: 180, swimmer: true },
        { height: 165, swimmer: false, swim_aid: "Vest" },
        { height: 120, swimmer: true, child_age: 8 },
      ],
    });
    // The operator rewrites the list: the booking keeps what it was asked.
    await setQuestions(team.manager.idToken, {
      questions: [{ id: "shoe", label: "Shoe size", kind: "number", per: "guest", required: true }],
    });
    const view = await v1.booking({ params: { id }, token: traveller.idToken });
    expect(view.body.data.answers.questions.map((q: { id: string }) => q.id)).toEqual(QUESTIONS.map((q) => q.id));
    expect(view.body.data.answers.lines).toContainEqual(
      expect.objectContaining({ guestNo: 3, ticketName: acme.child!.name, questionId: "child_age", value: 8 }),
    );
    // A new booking is asked the new list.
    expectRefusedOn(
      await placeBooking(traveller.idToken, family((await createSlot(db(), acme.serviceId)).id, GOOD)),
      "answers.guests[0].shoe",
    );
  });

  it("the manifest and its CSV carry the answers", async () => {
    await withQuestions();
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 30 });
    const placed = await placeBooking(traveller.idToken, family(slot.id, GOOD));
    expect(placed.status).toBe(201);
    await pay(sessionIdOf(placed.body.data.checkoutUrl));
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: acme.timezone }).format(slot.startsAt);
    const manifest = await v1.operatorManifest({ query: { date }, ...asMember(team.manager.idToken) });
    expect(manifest.status).toBe(200);
    const entry = manifest.body.data.departures
      .flatMap((departure: { bookings: Array<{ id: string }> }) => departure.bookings)
      .find((booking: { id: string }) => booking.id === placed.body.data.booking.id);
    expect(entry.answers.guests[1]).toEqual({ height: 165, swimmer: false, swim_aid: "Vest" });
    const csv = await app.fetch(
      new Request(`http://localhost/v1/operator/manifest?date=${date}&format=csv`, {
        headers: { Authorization: `Bearer ${team.manager.idToken}`, "X-Account-Context": "acme" },
      }),
    );
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toContain("Child's age");
    expect(text).toContain("Guest 1: 180 | Guest 2: 165 | Guest 3: 120");
    expect(text).toContain("Guest 3: 8");
  });
});

describe("changeBookingAnswers", () => {
  it("the traveller changes answers until the cut-off (judged the same way, a history entry); refused after", async () => {
    await withQuestions();
    const traveller = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours + 2 });
    const placed = await placeBooking(traveller.idToken, family(slot.id, GOOD));
    expect(placed.status).toBe(201);
    const id = placed.body.data.booking.id as string;
    await pay(sessionIdOf(placed.body.data.checkoutUrl));
    const change = (answers: unknown, token = traveller.idToken) =>
      v1.changeBookingAnswers({ params: { id }, body: { answers }, token });

    expectRefusedOn(
      await change({ ...GOOD, guests: [GOOD.guests[0], GOOD.guests[1], { height: 120, swimmer: true }] }),
      "answers.guests[2].child_age",
    );
    // Another traveller's booking is not found.
    const stranger = await bookingUser(acme);
    expectEnvelope(await change(GOOD, stranger.idToken), 404, "booking_not_found");

    const changed = await change({ ...GOOD, guests: [{ height: 181, swimmer: true }, GOOD.guests[1], GOOD.guests[2]] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.answers.guests[0].height).toBe(181);
    expect(changed.body.data.canChangeAnswers).toBe(true);
    // In the booking's history, as the team reads it.
    const history = await v1.operatorBookingHistory({ params: { bookingId: id }, ...asMember(team.manager.idToken) });
    const entry = history.body.data.items.find(
      (item: { kind: string; entry?: { action: string } }) => item.entry?.action === "booking.answers_changed",
    );
    expect(JSON.parse(entry.entry.target.after).guests[0].height).toBe(181);
    expect(JSON.parse(entry.entry.target.before).guests[0].height).toBe(180);
    expect(entry.entry.actor.id).toBe(traveller.uid);

    try {
      // Past the free-cancellation deadline (the product's clock moved 3 hours on): closed.
      expect((await v1.moveDevClock({ body: { advanceMinutes: 180 } })).status).toBe(200);
      expectEnvelope(await change(GOOD), 409, "answers_closed");
      const view = await v1.booking({ params: { id }, token: traveller.idToken });
      expect(view.body.data.canChangeAnswers).toBe(false);
      expect(view.body.data.answers.guests[0].height).toBe(181);
    } finally {
      await db().delete(appClock).where(eq(appClock.id, 1));
      forgetClock();
    }
  });
});
