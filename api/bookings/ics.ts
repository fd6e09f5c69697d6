/**
 * A minimal iCalendar (RFC 5545) file with one event, for the booking's emails and download: CRLF
 * line endings, text escaped, lines folded at 75 octets, times in UTC, optionally a display
 * reminder. Every file of one booking has the same UID; SEQUENCE says which is newer (RFC 5546):
 * an update publishes the event again with a higher one, a cancellation is METHOD:CANCEL.
 */
export interface CalendarEvent {
  /** Stable id of the event (the booking id): a later file with the same UID updates it. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** When the file was made (DTSTAMP); defaults to now. */
  stamp?: Date;
  /** Host part of the UID, e.g. the site's host name. */
  domain?: string;
  /** A display alarm (VALARM) this long before the start, with its text. */
  alarm?: { before: IcsDuration; description: string };
  /** Raised on every change of the event (SEQUENCE); 0 for the first file. */
  sequence?: number;
  /** The event is cancelled: STATUS:CANCELLED (a download of a cancelled booking). */
  cancelled?: boolean;
  /** PUBLISH (the default: the event as it is now) or CANCEL (a cancellation's message). */
  method?: IcsMethod;
  /** Who the event is from (ORGANIZER, required by a CANCEL message): a name and an address. */
  organizer?: { name: string; email: string };
}

export type IcsMethod = "PUBLISH" | "CANCEL";

/** A parameter value (CN=…): quoted, without the characters a quoted value cannot hold. */
const paramValue = (value: string) => `"${value.replace(/["\r\n]/g, "")}"`;

/** A negative-able RFC 5545 dur-value such as PT24H, P1D or PT30M (the alarm's lead time). */
export type IcsDuration = `P${string}`;

/** 20261124T173000Z */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT escaping: backslash, semicolon, comma and newlines. */
export function icsEscape(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line to at most 75 octets per line (continuations start with a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74; // continuation lines carry a leading space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcs(event: CalendarEvent): string {
  const domain = event.domain ?? "wayfarer.invalid";
  const method = event.method ?? "PUBLISH";
  const cancelled = event.cancelled || method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Wayfarer//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${icsEscape(event.uid)}@${icsEscape(domain)}`,
    `DTSTAMP:${icsDateTime(event.stamp ?? new Date())}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    ...(event.organizer ? [`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`] : []),
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${icsEscape(event.summary)}`,
    ...(event.location ? [`LOCATION:${icsEscape(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsEscape(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    cancelled ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    ...(event.alarm && !cancelled
      ? [
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          `TRIGGER;RELATED=START:-${event.alarm.before}`,
          `DESCRIPTION:${icsEscape(event.alarm.description)}`,
          "END:VALARM",
        ]
      : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
