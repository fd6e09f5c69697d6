/**
 * An experience's booking questions (issue 46, item 1), set as a whole list. A booking keeps the
 * questions it was asked (bookings.questions, written with its seats), so a change here applies to
 * bookings made after it only.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { storedQuestions, type BookingQuestion, type SetBookingQuestionsBody } from "~contract/bookings/questions";
import type { OperatorBookingQuestions } from "~contract/operator/booking-questions";
import type { Db } from "../db/client";
import { experiences, services, ticketTypes } from "../db/schema";
import { refuseUnknownIds } from "./unknown-ids";
import { writeAudit, type Actor } from "../audit/log";
import { experienceNotFound } from "./departures";
import { slugOf } from "./experiences";
import { firstFree } from "./ticket-codes";

/** The experience's row (this operator's, else 404), locked for a change when asked. */
async function ownQuestions(db: Db, accountId: string, experienceId: string, lock = false) {
  const query = db
    .select({ id: experiences.id, title: experiences.title, questions: experiences.bookingQuestions })
    .from(experiences)
    .where(and(eq(experiences.id, experienceId), eq(experiences.accountId, accountId)));
  const [row] = lock ? await query.for("no key update") : await query;
  if (!row) throw experienceNotFound();
  return { ...row, questions: storedQuestions.parse(row.questions) };
}

/** The experience's services, each with its ticket types (two queries). */
async function servicesOf(db: Db, experienceId: string) {
  const rows = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(eq(services.experienceId, experienceId))
    .orderBy(asc(services.sortOrder), asc(services.id));
  const types = rows.length
    ? await db
        .select({ serviceId: ticketTypes.serviceId, code: ticketTypes.code, name: ticketTypes.name })
        .from(ticketTypes)
        .where(
          inArray(
            ticketTypes.serviceId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id))
    : [];
  return rows.map((row) => ({
    ...row,
    ticketTypes: types.filter((type) => type.serviceId === row.id).map(({ code, name }) => ({ code, name })),
  }));
}

/** GET /v1/operator/experiences/{experienceId}/booking-questions */
export async function getBookingQuestions(
  db: Db,
  accountId: string,
  experienceId: string,
): Promise<OperatorBookingQuestions> {
  const experience = await ownQuestions(db, accountId, experienceId);
  return {
    experience: { id: experience.id, title: experience.title },
    services: await servicesOf(db, experience.id),
    questions: experience.questions,
  };
}

/** Each question's id: the one it has, else one made from its label that no other question uses. */
function withIds(questions: SetBookingQuestionsBody["questions"]): BookingQuestion[] {
  const taken = new Set(questions.flatMap((question) => (question.id ? [question.id] : [])));
  return questions.map((question) => {
    if (question.id) return { ...question, id: question.id };
    const slug = slugOf(question.label, 32).replace(/-/g, "_");
    const id = firstFree(/^[a-z]/.test(slug) ? slug : `q_${slug}`.slice(0, 32).replace(/_+$/, ""), taken);
    taken.add(id);
    return { ...question, id };
  });
}

/**
 * PUT /v1/operator/experiences/{experienceId}/booking-questions: a question asked for one service
 * names one of the experience's (else 400 on its serviceId); the audit log keeps the list before
 * and after.
 */
export async function setBookingQuestions(
  db: Db,
  actor: Actor,
  experienceId: string,
  body: SetBookingQuestionsBody,
): Promise<OperatorBookingQuestions> {
  await db.transaction(async (tx) => {
    const before = await ownQuestions(tx, actor.accountId, experienceId, true);
    const serviceIds = new Set((await servicesOf(tx, before.id)).map((service) => service.id));
    refuseUnknownIds(
      body.questions,
      serviceIds,
      { list: "questions", key: "serviceId" },
      (question) => question.serviceId,
    );
    const questions = withIds(body.questions);
    await tx.update(experiences).set({ bookingQuestions: questions }).where(eq(experiences.id, before.id));
    await writeAudit(tx, actor, "booking_questions.set", {
      experienceId: before.id,
      before: JSON.stringify(before.questions),
      after: JSON.stringify(questions),
    });
  });
  return getBookingQuestions(db, actor.accountId, experienceId);
}
