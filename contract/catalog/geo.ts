import type { GeoPoint } from "./requests";

/** Degrees to at most 5 decimals (about a metre), without trailing zeros. */
const degrees = (value: number) => String(Number(value.toFixed(5)));

/** The place on openstreetmap.org, pinned and zoomed to street level (no script of ours or theirs on our pages). */
export function openStreetMapUrl(point: GeoPoint): string {
  const lat = degrees(point.lat);
  const lng = degrees(point.lng);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/** A geo: URI (RFC 5870): a phone opens it in its maps app. */
export function geoUri(point: GeoPoint): string {
  return `geo:${degrees(point.lat)},${degrees(point.lng)}`;
}

/** A place from its two stored columns: both set, or none (the database checks it). */
export function geoPointOf(lat: number | null, lng: number | null): GeoPoint | null {
  return lat !== null && lng !== null ? { lat, lng } : null;
}
