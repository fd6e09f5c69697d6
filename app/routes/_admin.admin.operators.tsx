import type { MetaFunction } from "@remix-run/node";
import { OperatorsPage } from "~/features/admin/operators-page";
import type { loadOperators } from "~/features/admin/operators.server";
import { pageMeta } from "~/ui/meta";

export { loadOperators as loader, operatorAction as action } from "~/features/admin/operators.server";

export const meta: MetaFunction<typeof loadOperators> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

/** Every operator with its last 30 days; suspend with a reason, reinstate (native posts). */
export default OperatorsPage;
