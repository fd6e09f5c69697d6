import type { MetaFunction } from "@remix-run/node";
import { HomePage } from "~/features/console/home/home-page";
import type { loader } from "~/features/console/home/home.server";
import { pageMeta } from "~/ui/meta";

export { loader } from "~/features/console/home/home.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export default HomePage;
