import { asc, eq, inArray } from "drizzle-orm";
import type { OperatorSchedule, ScheduleOutcome, WeeklyRule } from "~contract/operator/schedules";
import type { Db } from "../db/client";
import { scheduleBlackouts, scheduleRules, services } from "../db/schema";
import { scheduleEnv } from "../env";
import { materialiseService, ruledDepartures, type Materialised } from "../schedules/materialise";
import { writeAudit, type Actor } from "../audit/log";
import { departuresNeedingDecision, ownedExperience, ownedService, serviceNotFound } from "./departures";

/**
 * GET /v1/operator/experiences/{experienceId}/schedule?service=: one service's weekly rules,
 * blackout dates and cut-off, the experience's zone, and the departures waiting for a decision.
 */
export async function getSchedule(
  db: Db,
  account: { id: string; timezone: string },
  experienceId: string,
  serviceId: string | undefined,
): Promise<OperatorSchedule> {
  const experience = await ownedExperience(db, account.id, experienceId);
  const service = serviceId
    ? experience.services.find((candidate) => candidate.id === serviceId)
    : experience.services[0];
  if (serviceId && !service) throw serviceNotFound();
  const [rules, blackouts, needsDecision] = service
    ? await Promise.all([
        db
          .select()
          .from(scheduleRules)
          .where(eq(scheduleRules.serviceId, service.id))
          .orderBy(asc(scheduleRules.sortOrder)),
        db
          .select({ date: scheduleBlackouts.date, reason: scheduleBlackouts.reason })
          .from(scheduleBlackouts)
          .where(eq(scheduleBlackouts.serviceId, service.id))
          .orderBy(asc(scheduleBlackouts.date)),
        departuresNeedingDecision(db, account.id, [service.id]),
      ])
    : [[], [], []];
  return {
    experience: { id: experience.id, title: experience.title, timezone: experience.timezone },
    services: experience.services.map(({ id, name, capacity }) => ({ id, name, capacity })),
    service: service ?? null,
    rules: rules.map((rule) => ({
      id: rule.id,
      weekdays: rule.weekdays,
      startTimes: rule.startTimes,
      validFrom: rule.validFrom,
      validUntil: rule.validUntil,
    })),
    blackouts,
    horizonDays: scheduleEnv.horizonDays,
    operatorTimezone: account.timezone,
    needsDecision,
  };
}

export interface ScheduleInput {
  rules: WeeklyRule[];
  blackouts: Array<{ date: string; reason: string }>;
  salesCutoffMinutes: number;
}

/**
 * PUT /v1/operator/services/{serviceId}/schedule: the whole schedule of a service, in one
 * transaction: the service's cut-off, its rules (edited in place, by
 * position: a rule keeps its id and its departures while it is edited), its blackout dates; then
 * its departures brought in line at once (materialiseService: booked departures are never moved
 * or removed, they are flagged for a decision). Answers what that did.
 */
export async function setSchedule(
  db: Db,
  actor: Actor,
  account: { id: string; timezone: string },
  serviceId: string,
  input: ScheduleInput,
): Promise<ScheduleOutcome> {
  const { experience } = await ownedService(db, actor.accountId, serviceId);
  const done = await db.transaction(async (tx) => {
    // The service's row first, as the job does: the two take turns.
    await tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId)).for("update");
    const previouslyRuled = await ruledDepartures(tx, serviceId);
    await tx.update(services).set({ salesCutoffMinutes: input.salesCutoffMinutes }).where(eq(services.id, serviceId));

    const existing = await tx
      .select({ id: scheduleRules.id })
      .from(scheduleRules)
      .where(eq(scheduleRules.serviceId, serviceId))
      .orderBy(asc(scheduleRules.sortOrder), asc(scheduleRules.createdAt));
    for (const [index, rule] of input.rules.entries()) {
      const values = {
        weekdays: rule.weekdays,
        startTimes: rule.startTimes,
        validFrom: rule.validFrom,
        validUntil: rule.validUntil,
        sortOrder: index,
      };
      if (existing[index])
        await tx
          .update(scheduleRules)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(scheduleRules.id, existing[index].id));
      else await tx.insert(scheduleRules).values({ ...values, serviceId });
    }
    const dropped = existing.slice(input.rules.length).map((rule) => rule.id);
    if (dropped.length > 0) await tx.delete(scheduleRules).where(inArray(scheduleRules.id, dropped));

    await tx.delete(scheduleBlackouts).where(eq(scheduleBlackouts.serviceId, serviceId));
    if (input.blackouts.length > 0)
      await tx.insert(scheduleBlackouts).values(input.blackouts.map((blackout) => ({ ...blackout, serviceId })));

    const outcome = await materialiseService(tx, serviceId, previouslyRuled);
    await writeAudit(tx, actor, "schedule.set", {
      serviceId,
      experienceId: experience.id,
      timezone: experience.timezone,
      rules: String(input.rules.length),
      blackouts: String(input.blackouts.length),
      salesCutoffMinutes: String(input.salesCutoffMinutes),
      created: String(outcome.created),
      removed: String(outcome.removed),
      kept: String(outcome.kept),
    });
    return outcome;
  });
  return { ...done, schedule: await getSchedule(db, account, experience.id, serviceId) };
}

/**
 * After an experience's zone changed (PATCH experience, in its transaction): each service's weekly
 * rules make the same local times in the new zone, so its departures are brought in line at once
 * (materialiseService: booked ones never move, they wait for a decision; one-offs keep their
 * instant). Audited with what it did.
 */
export async function followNewZone(
  tx: Db,
  actor: Actor,
  experience: { id: string; before: string; after: string },
): Promise<Materialised> {
  const serviceIds = await tx
    .select({ id: services.id })
    .from(services)
    .where(eq(services.experienceId, experience.id))
    .orderBy(asc(services.id));
  const total: Materialised = { created: 0, removed: 0, kept: 0 };
  for (const { id } of serviceIds) {
    const done = await materialiseService(tx, id);
    total.created += done.created;
    total.removed += done.removed;
    total.kept += done.kept;
  }
  await writeAudit(tx, actor, "experience.timezone_set", {
    experienceId: experience.id,
    before: experience.before,
    after: experience.after,
    created: String(total.created),
    removed: String(total.removed),
    kept: String(total.kept),
  });
  return total;
}
