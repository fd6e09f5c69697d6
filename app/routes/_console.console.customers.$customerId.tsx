import type { MetaFunction } from "@remix-run/node";
import { CustomerPage } from "~/features/console/customers/customer-page";
import type { customerLoader } from "~/features/console/customers/customers.server";
import { pageMeta } from "~/ui/meta";

export { customerLoader as loader, customerAction as action } from "~/features/console/customers/customers.server";

export const meta: MetaFunction<typeof customerLoader> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default CustomerPage;
