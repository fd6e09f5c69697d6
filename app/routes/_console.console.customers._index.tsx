import type { MetaFunction } from "@remix-run/node";
import { CustomersPage } from "~/features/console/customers/customers-page";
import type { loader } from "~/features/console/customers/customers.server";
import { pageMeta } from "~/ui/meta";

export { loader } from "~/features/console/customers/customers.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export default CustomersPage;
