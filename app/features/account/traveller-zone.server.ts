import { dateTimeFormat, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { ZONE_COOKIE } from "~/ui/traveller-zone";

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]{0,30}(\/[A-Za-z0-9_+-]{1,30}){0,2}$/;

/**
 * The zone the browser reported in the `tz` cookie (../ui/traveller-zone.ts), when it is one this
 * runtime knows; otherwise UTC. Any value a client sends (garbage, a zone Intl refuses) reads as UTC.
 */
export function travellerZoneOf(request: Request): string {
  const match = new RegExp(`(?:^|;\\s*)${ZONE_COOKIE}=([^;]{1,80})`).exec(request.headers.get("Cookie") ?? "");
  if (!match) return TRAVELLER_TIME_ZONE;
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]);
  } catch {
    return TRAVELLER_TIME_ZONE;
  }
  if (!ZONE_NAME.test(zone)) return TRAVELLER_TIME_ZONE;
  try {
    // Kept as the browser spelled it (an alias such as Asia/Calcutta too): the page compares it.
    dateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return TRAVELLER_TIME_ZONE;
  }
}
