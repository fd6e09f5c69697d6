/**
 * The IANA zone a new experience's departures are kept in when the operator leaves it to us: the
 * zone of its meeting point's place, else the operator's own. Boulder, US is America/Denver even for
 * an operator in New York.
 */
import tzLookup from "@photostructure/tz-lookup";
import { isTimeZone } from "~contract/operator/schedule-fields";
import type { GeoPoint } from "~contract/catalog/requests";

/** Where an experience happens, as its form gives it. */
export interface ExperiencePlace {
  location: GeoPoint | null;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** A zone as this runtime lists it ("Asia/Kolkata" is "Asia/Calcutta" here), or null when it lists none. */
function listed(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    const canonical = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    return isTimeZone(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/** The zone at a point on land; at sea (an Etc/ offset: no place's zone), null. */
function zoneAt(point: GeoPoint): string | null {
  try {
    const zone = tzLookup(point.lat, point.lng);
    return zone.startsWith("Etc/") ? null : listed(zone);
  } catch {
    return null;
  }
}

/** "São Paulo" and "sao  paulo" alike. */
const placeKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

type Town = { zone: string; pop: number };
let towns: Promise<{ byCity: Map<string, Town[]>; byCountry: Map<string, Set<string>> }> | null = null;

/**
 * The world's larger towns (city-timezones, about 7,300: every capital and city of some size), by
 * "name|country" and the zones of each country; read on first use (2 MB), then kept.
 */
function townIndex() {
  towns ??= import("city-timezones").then(({ default: data }) => {
    const byCity = new Map<string, Town[]>();
    const byCountry = new Map<string, Set<string>>();
    for (const town of data.cityMapping) {
      const zone = listed(town.timezone);
      if (!zone || !town.iso2) continue;
      for (const name of new Set([placeKey(town.city), placeKey(town.city_ascii ?? town.city)])) {
        const key = `${name}|${town.iso2}`;
        byCity.set(key, [...(byCity.get(key) ?? []), { zone, pop: town.pop ?? 0 }]);
      }
      byCountry.set(town.iso2, (byCountry.get(town.iso2) ?? new Set()).add(zone));
    }
    return { byCity, byCountry };
  });
  return towns;
}

/**
 * The zone of a place: its coordinates' when it has them; else its city's in its country (the
 * most populous of that name: Portland, US is Oregon's); else its country's when the country has
 * one zone; else null.
 */
export async function zoneOfPlace(place: ExperiencePlace): Promise<string | null> {
  const atPoint = place.location ? zoneAt(place.location) : null;
  if (atPoint) return atPoint;
  const { byCity, byCountry } = await townIndex();
  const namesakes = byCity.get(`${placeKey(place.city)}|${place.country}`) ?? [];
  const biggest = namesakes.reduce<Town | null>((best, town) => (best && best.pop >= town.pop ? best : town), null);
  if (biggest) return biggest.zone;
  const zones = byCountry.get(place.country);
  return zones?.size === 1 ? [...zones][0] : null;
}

/** A new experience's zone: the one chosen, else its place's, else the operator's. */
export async function newExperienceZone(
  chosen: string | undefined,
  place: ExperiencePlace,
  operatorZone: string,
): Promise<string> {
  return chosen ?? (await zoneOfPlace(place)) ?? operatorZone;
}
