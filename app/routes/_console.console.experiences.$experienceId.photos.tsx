import type { MetaFunction } from "@remix-run/node";
import type { loadPhotosPage } from "~/features/console/photos.server";
import { PhotosPage } from "~/features/console/photos/photos-page";
import { pageMeta } from "~/ui/meta";

export { loadPhotosPage as loader, photosAction as action } from "~/features/console/photos.server";

export const meta: MetaFunction<typeof loadPhotosPage> = ({ data, matches }) => pageMeta(matches, data);
// The API's status (413, 415, 422, 409) stays on the page's answer.
export { passHeaders as headers } from "~/platform/http.server";

export default PhotosPage;
