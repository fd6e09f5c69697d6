import type { AuditEntry } from "~contract/operator/team";
import type { Translate } from "~/platform/translate";
import { dateTimeFormat, formatMoment } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";

/**
 * An audit log row in words ("Ana Ruiz refunded $40.00 of WF-7K3Q, reason: …"): the action's
 * sentence (`auditLog.action.<action>` with its dots as _, and a variant where the record calls
 * for one) filled from the record and what the API resolved its ids to. A sentence whose
 * placeholders the record cannot fill (an older record, a future action) reads as the generic one.
 */
export function auditSentence(
  entry: AuditEntry,
  { t, locale, timeZone }: { t: Translate; locale: string; timeZone: string },
): string {
  const values = valuesOf(entry, t, locale, timeZone);
  const key = sentenceKey(entry);
  const sentence = t(key, values);
  if (sentence !== key && !sentence.includes("{{")) return sentence;
  return t("auditLog.generic", { actor: values.actor, what: entry.action.replace(/[._]+/g, " ") });
}

/** The sentences that depend on the record: action → its variant, from the record's values. */
export const AUDIT_VARIANTS: Record<string, (target: AuditEntry["target"]) => string | null> = {
  "booking.refunded": (target) => (target.releaseSeats === "true" ? "released" : null),
  "booking.moved": (target) =>
    target.difference === "charge"
      ? withAmount(target, "charge")
      : target.amountMinor && target.amountMinor !== "0"
        ? target.difference
        : null,
  "booking.checked_in": (target) => (target.via === "code" ? "code" : null),
  "departure.guide_assigned": (target) => (target.guideUserId === null ? "none" : null),
  "check_in.settings_updated": (target) => (target.requireCheckIn === "true" ? "on" : "off"),
  "reschedule.settings_updated": (target) => (target.rescheduleRefunds === "true" ? "on" : "off"),
  "cancellation_policy.updated": (target) => (target.cancellationCutoffHours === "0" ? "untilStart" : null),
  "booking.created_by_staff": (target) => (target.payment ? withAmount(target, target.payment) : null),
  "booking.marked_paid": (target) => (target.amountMinor ? null : "noAmount"),
  "booking_settings.updated": (target) => (target.guidesMayBook === "true" ? "on" : "off"),
  "two_step.settings_updated": (target) => (target.requireTwoStep === "true" ? "on" : "off"),
  "payout_schedule.updated": (target) =>
    target.interval === "daily" || target.interval === "weekly" || target.interval === "monthly"
      ? target.interval
      : null,
};

/** A variant's name, or its `_noAmount` twin when the record's amount is kept from the reader (a guide). */
const withAmount = (target: AuditEntry["target"], variant: string) =>
  target.amountMinor ? variant : `${variant}_noAmount`;

export function sentenceKey(entry: Pick<AuditEntry, "action" | "target">): string {
  const variant = AUDIT_VARIANTS[entry.action]?.(entry.target);
  return `auditLog.action.${entry.action.replace(/\./g, "_")}${variant ? `_${variant}` : ""}`;
}

type Values = Record<string, string>;

function valuesOf(entry: AuditEntry, t: Translate, locale: string, timeZone: string): Values {
  const { target, about } = entry;
  const money = (minor: unknown, currency = target.currency) =>
    typeof minor === "number" && currency ? formatMoney(minor, currency, locale) : undefined;
  const role = (name: string | null | undefined) => (name ? t(`console.role_${name}`) : undefined);
  const startsAt = about.departureStartsAt ?? target.startsAt;
  const before = parsed(target.before);
  const after = parsed(target.after);
  const figures = isRecord(after) ? after : isRecord(before) ? before : undefined;
  const all: Record<string, string | null | undefined> = {
    ...target,
    actor: entry.actor.name ?? entry.actor.email ?? t("auditLog.someone"),
    booking: about.bookingReference,
    experience: about.experienceTitle ?? target.title,
    service: about.serviceName ?? (typeof figures?.name === "string" ? figures.name : undefined),
    departure: startsAt
      ? formatMoment(startsAt, { timeZone: about.timezone ?? target.timezone ?? timeZone, locale })
      : undefined,
    toDeparture: target.toStartsAt
      ? formatMoment(target.toStartsAt, { timeZone: about.timezone ?? timeZone, locale })
      : undefined,
    member: about.memberName && target.email ? `${about.memberName} (${target.email})` : target.email,
    guide: about.guideName ?? undefined,
    amount: target.amountMinor ? money(Number(target.amountMinor)) : undefined,
    role: role(target.role),
    from: role(target.from),
    to: role(target.to),
    position: target.position ? String(Number(target.position) + 1) : undefined,
    fields: target.fields ? fieldList(target.fields, t) : undefined,
    // Records before the check-in list and the scanner were made alike named one guest `guest`.
    guests: (target.guests ?? target.guest) ? guestList((target.guests ?? target.guest)!, t) : undefined,
    changes: entry.action.startsWith("departure.")
      ? departureChanges(target, about.guideName, t)
      : isRecord(before) && isRecord(after)
        ? serviceChanges(before, after, t)
        : undefined,
    figures: isRecord(after) ? serviceFigures(after, t) : undefined,
    prices: Array.isArray(after) ? priceList(after, money, t) : undefined,
    weekday: target.interval === "weekly" && target.day ? weekdayName(Number(target.day), locale) : undefined,
    previousPrices: Array.isArray(before) ? priceList(before, money, t) : undefined,
  };
  return Object.fromEntries(
    Object.entries(all).filter((pair): pair is [string, string] => typeof pair[1] === "string" && pair[1] !== ""),
  );
}

/** A weekday (1 = Monday … 7 = Sunday) by its name; 1 January 2024 was a Monday. */
const weekdayName = (day: number, locale: string) =>
  day >= 1 && day <= 7
    ? dateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)))
    : undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parsed(json: string | null | undefined): unknown {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined; // An older record's text (not JSON): the sentence without it.
  }
}

const fieldName = (field: string, t: Translate) =>
  t(`auditLog.field.${field}`, { defaultValue: field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase() });

const fieldList = (fields: string, t: Translate) =>
  fields
    .split(",")
    .map((field) => fieldName(field.trim(), t))
    .join(", ");

function guestList(guests: string, t: Translate): string {
  if (guests === "all") return t("auditLog.allGuests");
  const numbers = guests.split(",");
  return t(numbers.length === 1 ? "auditLog.guestNumber" : "auditLog.guestNumbers", { numbers: numbers.join(", ") });
}

/** A departure's change in words: "capacity 10 → 12, sales closed, guide Bea Lopez". */
function departureChanges(target: AuditEntry["target"], guideName: string | null, t: Translate): string | undefined {
  const parts: string[] = [];
  if (target.capacity?.includes("→")) parts.push(t("auditLog.change.capacity", { change: target.capacity }));
  if (target.status)
    parts.push(t(target.status.endsWith("closed") ? "auditLog.change.closed" : "auditLog.change.opened"));
  if (target.guideUserId !== undefined)
    parts.push(guideName ? t("auditLog.change.guide", { guide: guideName }) : t("auditLog.change.noGuide"));
  return parts.length > 0 ? parts.join(", ") : undefined;
}

const FIGURES = ["name", "durationMinutes", "capacity", "sortOrder", "description"] as const;

function figure(key: string, value: unknown, t: Translate): string {
  return t(`auditLog.figure.${key}`, { value: String(value ?? "") });
}

/** A service's figures in words: "“Sunset tour”, 90 min, 12 seats, position 1, a description". */
function serviceFigures(after: Record<string, unknown>, t: Translate): string {
  return FIGURES.filter((key) => key in after && after[key] !== null && after[key] !== "")
    .map((key) => figure(key, key === "sortOrder" ? Number(after[key]) + 1 : after[key], t))
    .join(", ");
}

/** What changed of a service: "capacity 10 → 12 seats". */
function serviceChanges(before: Record<string, unknown>, after: Record<string, unknown>, t: Translate): string {
  if (Object.keys(after).length === 0) return t("auditLog.change.nothing");
  return Object.keys(after)
    .map((key) =>
      key === "description"
        ? t("auditLog.change.description")
        : t("auditLog.change.figure", {
            field: fieldName(key, t),
            from: String(before[key] ?? "—"),
            to: String(after[key] ?? "—"),
          }),
    )
    .join(", ");
}

/** A price list in words: "Adult $25.00, Child $10.00" (an older record's text: undefined). */
function priceList(types: unknown[], money: (minor: unknown) => string | undefined, t: Translate): string | undefined {
  if (types.length === 0) return t("auditLog.noPrices");
  const parts = types.map((type) =>
    isRecord(type) && typeof type.name === "string" ? `${type.name} ${money(type.priceMinor) ?? ""}`.trim() : null,
  );
  return parts.every((part) => part !== null) ? parts.join(", ") : undefined;
}
