import { dateTimeFormat } from "~/ui/date-format";

/**
 * A moment as travellers check it before paying, in the experience's time zone and naming it:
 * "Fri, Nov 27, 10:00 AM EST". The same on the server and in the browser (an explicit zone).
 */
export function zonedDateTime(iso: string, timezone: string, locale = "en-US"): string {
  return dateTimeFormat(locale, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: timezone,
    timeZoneName: "short",
  }).format(new Date(iso));
}
