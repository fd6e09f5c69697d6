import type { MetaFunction } from "@remix-run/node";
import { OperatorMoneyPage } from "~/features/admin/operator-money-page";
import type { loadOperatorMoney } from "~/features/admin/money.server";
import { pageMeta } from "~/ui/meta";

export { loadOperatorMoney as loader, operatorMoneyAction as action } from "~/features/admin/money.server";

export const meta: MetaFunction<typeof loadOperatorMoney> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

/** One operator's money as its console shows it; its commission (native post). */
export default OperatorMoneyPage;
