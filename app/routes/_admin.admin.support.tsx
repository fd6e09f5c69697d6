import type { MetaFunction } from "@remix-run/node";
import { SupportPage } from "~/features/admin/support-page";
import type { loadSupport } from "~/features/admin/support.server";
import { pageMeta } from "~/ui/meta";

export { loadSupport as loader } from "~/features/admin/support.server";

export const meta: MetaFunction<typeof loadSupport> = ({ data, matches }) => pageMeta(matches, data);

export default SupportPage;
