import { useEffect } from "react";
import { useLocation, useRevalidator } from "@remix-run/react";
import { useRootData } from "~/platform/root-data";
import { TRAVELLER_TIME_ZONE } from "~/ui/date-format";

/**
 * The traveller's own time zone, for their own events (a payment, a refund, a notification): the
 * browser tells it through the `tz` cookie, which only the account area receives (Path=/account,
 * so public pages stay shareable), and the root loader reads it (./traveller-zone.server.ts). The
 * server and the browser render from the same loader value, so hydration agrees; without the
 * cookie (a first visit, no JavaScript) it is UTC, named beside every time of day.
 */
export const ZONE_COOKIE = "tz";
export const ZONE_COOKIE_PATH = "/account";

export function useTravellerZone(): string {
  return useRootData()?.timeZone ?? TRAVELLER_TIME_ZONE;
}

/**
 * Tells the server the browser's zone (the cookie) and, on an account page rendered in another
 * zone, asks the loaders again so its times turn to the traveller's clock. Once per zone change.
 * Called by the account area's navigation (every account page has it).
 */
export function useReportTravellerZone() {
  const rendered = useRootData()?.timeZone ?? TRAVELLER_TIME_ZONE;
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone || zone === rendered) return;
    const stored = new RegExp(`(?:^|;\\s*)${ZONE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
    // Already told and still not read (cookies refused): asking again would change nothing.
    if (stored === encodeURIComponent(zone)) return;
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=${ZONE_COOKIE_PATH}; Max-Age=31536000; SameSite=Lax${secure}`;
    if (pathname === ZONE_COOKIE_PATH || pathname.startsWith(`${ZONE_COOKIE_PATH}/`)) revalidate();
  }, [rendered, pathname, revalidate]);
}
