import { describe, expect, it } from "vitest";
import { parseBookingEnv, parsePaymentEnv } from "~api/env";
import { formatMoney } from "~contract/money";
import { formatWhen, localDate } from "~api/bookings/format";
import { buildIcs, foldLine, icsDateTime, icsEscape } from "~api/bookings/ics";
import { newBookingId } from "~api/bookings/ids";
import { randomId } from "~api/ids";
import { checkoutExpiry } from "~api/payments/provider";
import { luhnValid } from "~contract/bookings/card";

/** The unfolded content lines of an .ics text. */
const linesOf = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);

describe(".ics generator", () => {
  const event = {
    uid: "bk_AbCdEfGhIjKlMnOp",
    domain: "shop.example.com",
    start: new Date("2031-03-04T17:30:00.000Z"),
    end: new Date("2031-03-04T19:00:00.000Z"),
    summary: "Sunset Sail; Lisbon, Tagus — Shared",
    location: "Doca de Santo Amaro, pontoon C\\D",
    description: "Booking bk_AbCdEfGhIjKlMnOp\n2 × Adult",
    url: "https://shop.example.com/account/bookings",
    stamp: new Date("2031-03-01T08:00:00.000Z"),
  };

  it("writes one VEVENT in a VCALENDAR with UTC times, UID = booking id and CRLF line endings", () => {
    const ics = buildIcs(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain("UID:bk_AbCdEfGhIjKlMnOp@shop.example.com");
    expect(lines).toContain("DTSTAMP:20310301T080000Z");
    expect(lines).toContain("DTSTART:20310304T173000Z");
    expect(lines).toContain("DTEND:20310304T190000Z");
    expect(lines).toContain("SUMMARY:Sunset Sail\\; Lisbon\\, Tagus — Shared");
    expect(lines).toContain("LOCATION:Doca de Santo Amaro\\, pontoon C\\\\D");
    expect(lines).toContain("DESCRIPTION:Booking bk_AbCdEfGhIjKlMnOp\\n2 × Adult");
    expect(lines).toContain("URL:https://shop.example.com/account/bookings");
    expect(lines.indexOf("BEGIN:VEVENT")).toBeLessThan(lines.indexOf("END:VEVENT"));
  });

  it("names its SEQUENCE (0 unless given) and METHOD; a CANCEL is cancelled, names its ORGANIZER and has no reminder", () => {
    const first = linesOf(buildIcs({ ...event, alarm: { before: "PT24H", description: "Soon" } }));
    expect(first).toEqual(expect.arrayContaining(["METHOD:PUBLISH", "SEQUENCE:0", "STATUS:CONFIRMED", "BEGIN:VALARM"]));
    expect(first.some((line) => line.startsWith("ORGANIZER"))).toBe(false);
    const cancel = linesOf(
      buildIcs({
        ...event,
        sequence: 2,
        method: "CANCEL",
        organizer: { name: 'Harbor "&" Tide', email: "no-reply@shop.example.com" },
        alarm: { before: "PT24H", description: "Soon" },
      }),
    );
    expect(cancel).toEqual(
      expect.arrayContaining([
        "METHOD:CANCEL",
        "SEQUENCE:2",
        "STATUS:CANCELLED",
        'ORGANIZER;CN="Harbor & Tide":mailto:no-reply@shop.example.com',
      ]),
    );
    expect(cancel).not.toContain("BEGIN:VALARM");
    // A download of a cancelled booking: published as it is now, marked cancelled.
    const download = linesOf(buildIcs({ ...event, sequence: 1, cancelled: true }));
    expect(download).toEqual(expect.arrayContaining(["METHOD:PUBLISH", "SEQUENCE:1", "STATUS:CANCELLED"]));
  });

  it("folds long lines at 75 octets without splitting a UTF-8 character", () => {
    const long = buildIcs({ ...event, description: "Ü".repeat(100) + " and more text ".repeat(10) });
    for (const line of long.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const unfolded = long.replace(/\r\n /g, "");
    expect(unfolded).toContain(`DESCRIPTION:${"Ü".repeat(100)}`);
    expect(foldLine("short")).toBe("short");
    const folded = foldLine("X".repeat(160));
    expect(folded.split("\r\n ").map((part) => part.length)).toEqual([75, 74, 11]);
  });

  it("adds a display reminder (VALARM) inside the event, relative to its start, valid when folded", () => {
    expect(buildIcs(event)).not.toContain("BEGIN:VALARM");
    const description = `Reminder: ${"Sunset Sail, Lisbon; Tagus — Shared ".repeat(4)}starts in 24 hours`;
    const ics = buildIcs({ ...event, alarm: { before: "PT24H", description } });
    const physical = ics.split("\r\n");
    for (const line of physical) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
    const begin = lines.indexOf("BEGIN:VALARM");
    expect(begin).toBeGreaterThan(lines.indexOf("BEGIN:VEVENT"));
    expect(lines.indexOf("END:VALARM")).toBeLessThan(lines.indexOf("END:VEVENT"));
    // RFC 5545 §3.6.6: a DISPLAY alarm has exactly ACTION, TRIGGER and DESCRIPTION.
    expect(lines.slice(begin, begin + 5)).toEqual([
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER;RELATED=START:-PT24H",
      `DESCRIPTION:${icsEscape(description)}`,
      "END:VALARM",
    ]);
    // The long DESCRIPTION was folded (a continuation line starts with a space).
    expect(physical.some((line) => line.startsWith(" "))).toBe(true);
  });

  it("escapes text and formats instants", () => {
    expect(icsEscape("a,b;c\\d\ne\r\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    expect(icsDateTime(new Date("2031-12-31T23:59:59.999Z"))).toBe("20311231T235959Z");
  });
});

describe("booking helpers", () => {
  it("ids: bk_ plus 16 URL-safe characters, random", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newBookingId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^bk_[A-Za-z0-9_-]{16}$/);
    expect(randomId("cs_sandbox_", 24)).toMatch(/^cs_sandbox_[A-Za-z0-9_-]{24}$/);
  });

  it("money and times in the operator's timezone", () => {
    expect(formatMoney(12345, "USD")).toBe("$123.45");
    expect(formatMoney(500, "JPY")).toBe("¥500");
    const start = new Date("2031-03-04T23:30:00Z");
    expect(localDate(start, "America/New_York")).toBe("2031-03-04");
    expect(localDate(start, "Europe/Lisbon")).toBe("2031-03-04");
    expect(localDate(start, "Europe/Madrid")).toBe("2031-03-05");
    expect(formatWhen(start, new Date("2031-03-05T01:00:00Z"), "America/New_York")).toBe(
      "Tuesday, March 4, 2031, 6:30 PM – 8:00 PM EST",
    );
  });

  it("Luhn", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4000000000000002")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("0000")).toBe(false);
  });

  it("a checkout stays payable at least 35 minutes after the booking (Stripe needs 30), longer with a longer hold", () => {
    const created = new Date("2031-03-04T10:00:00Z");
    expect(checkoutExpiry(new Date("2031-03-04T10:15:00Z"), created).toISOString()).toBe("2031-03-04T10:35:00.000Z");
    expect(checkoutExpiry(new Date("2031-03-04T11:00:00Z"), created).toISOString()).toBe("2031-03-04T11:00:00.000Z");
  });
});

describe("configuration", () => {
  it("HOLD_MINUTES: default 15, 1–120; CHECKOUT_REMINDER_HOURS: default 8, 1–168; WAITLIST_OFFER_HOURS: default 12, 1–168", () => {
    const defaults = { holdMinutes: 15, checkoutReminderHours: 8, waitlistOfferHours: 12 };
    expect(parseBookingEnv({})).toEqual(defaults);
    expect(parseBookingEnv({ HOLD_MINUTES: " 30 " })).toEqual({ ...defaults, holdMinutes: 30 });
    expect(parseBookingEnv({ CHECKOUT_REMINDER_HOURS: "24" })).toEqual({ ...defaults, checkoutReminderHours: 24 });
    expect(parseBookingEnv({ WAITLIST_OFFER_HOURS: "2" })).toEqual({ ...defaults, waitlistOfferHours: 2 });
    expect(() => parseBookingEnv({ CHECKOUT_REMINDER_HOURS: "0" })).toThrow(/CHECKOUT_REMINDER_HOURS/);
    expect(() => parseBookingEnv({ CHECKOUT_REMINDER_HOURS: "169" })).toThrow(/CHECKOUT_REMINDER_HOURS/);
    expect(() => parseBookingEnv({ WAITLIST_OFFER_HOURS: "0" })).toThrow(/WAITLIST_OFFER_HOURS/);
    expect(() => parseBookingEnv({ WAITLIST_OFFER_HOURS: "169" })).toThrow(/WAITLIST_OFFER_HOURS/);
    expect(() => parseBookingEnv({ HOLD_MINUTES: "0" })).toThrow(/HOLD_MINUTES/);
    expect(() => parseBookingEnv({ HOLD_MINUTES: "121" })).toThrow(/HOLD_MINUTES/);
    expect(() => parseBookingEnv({ HOLD_MINUTES: "ten" })).toThrow(/HOLD_MINUTES/);
  });

  it("PAYMENT_PROVIDER: sandbox by default outside production; stripe needs both keys; production names it", () => {
    expect(parsePaymentEnv({}, false)).toEqual({ provider: "sandbox", commissionBps: 1500 });
    expect(parsePaymentEnv({ PAYMENT_PROVIDER: "Sandbox", PLATFORM_COMMISSION_BPS: "1250" }, true)).toEqual({
      provider: "sandbox",
      commissionBps: 1250,
    });
    expect(() => parsePaymentEnv({ PLATFORM_COMMISSION_BPS: "15%" }, false)).toThrow(/PLATFORM_COMMISSION_BPS/);
    expect(() => parsePaymentEnv({ PLATFORM_COMMISSION_BPS: "10001" }, false)).toThrow(/PLATFORM_COMMISSION_BPS/);
    expect(() => parsePaymentEnv({}, true)).toThrow(/PAYMENT_PROVIDER: required in production/);
    expect(() => parsePaymentEnv({ PAYMENT_PROVIDER: "paypal" }, false)).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parsePaymentEnv({ PAYMENT_PROVIDER: "stripe" }, false)).toThrow(
      /STRIPE_SECRET_KEY.*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      parsePaymentEnv(
        { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "nope" },
        false,
      ),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      parsePaymentEnv(
        {
          PAYMENT_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_test_1",
          STRIPE_WEBHOOK_SECRET: "whsec_1",
          STRIPE_API_BASE: "http://127.0.0.1:12111",
        },
        true,
      ),
    ).toEqual({
      provider: "stripe",
      commissionBps: 1500,
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      apiBase: "http://127.0.0.1:12111",
    });
    expect(() =>
      parsePaymentEnv(
        {
          PAYMENT_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_test_1",
          STRIPE_WEBHOOK_SECRET: "whsec_1",
          STRIPE_API_BASE: "ftp://x",
        },
        false,
      ),
    ).toThrow(/STRIPE_API_BASE/);
  });
});
