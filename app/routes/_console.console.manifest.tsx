import type { MetaFunction } from "@remix-run/node";
import type { loadManifestPage } from "~/features/console/manifest.server";
import { ManifestPage } from "~/features/console/manifest/manifest-page";
import { pageMeta } from "~/ui/meta";

/**
 * The day's manifest: departures, bookings and guests of one local day (check in, no-show, reset;
 * printable, one departure per page when asked). Without JavaScript a check-in comes back to the
 * same day with a flash message; with it the fetcher gets the message as data.
 */
export { loadManifestPage as loader, manifestAction as action } from "~/features/console/manifest.server";

export const meta: MetaFunction<typeof loadManifestPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default ManifestPage;
