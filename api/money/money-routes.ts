import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { statementCsv, statementCsvFilename } from "~contract/payouts/money-outputs";
import { clientIp } from "../http/client-info";
import { csvAnswer, wantsCsv } from "../http/csv";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { platformActorOf } from "../platform/audit";
import { operatorMoney, platformEarnings, setCommission } from "./admin-money";
import { readBalance } from "./balance";
import { listPayouts, readPayout } from "./payouts-read";
import { readStatement } from "./statement";
import { updatePayoutSchedule } from "./update-schedule";

/** The operator's money (issue 45): balance, payouts, statement (owner and manager), schedule (owner). */
export function moneyRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorBalance, (c, { member }) => readBalance(c.get("db"), member.account));

  handle(router, endpoints.operatorListPayouts, (c, { query, member }) =>
    listPayouts(c.get("db"), member.account.id, query),
  );

  handle(router, endpoints.operatorPayout, (c, { params, member }) =>
    readPayout(c.get("db"), member.account.id, params.payoutId),
  );

  handle(router, endpoints.operatorMoneyStatement, async (c, { query, member }) => {
    const statement = await readStatement(c.get("db"), member.account, query.month);
    if (!wantsCsv(c, query.format)) return statement;
    return csvAnswer(statementCsv(statement), statementCsvFilename(member.account.slug, statement.month));
  });

  handle(router, endpoints.operatorUpdatePayoutSchedule, (c, { body, member }) =>
    updatePayoutSchedule(c.get("db"), actorOf(member, clientIp(c)), member.account.currency, body),
  );
}

/**
 * The platform admins' side of the money (issue 45): an operator's commission and money, and what
 * the platform earned (auth `platformAdmin`: anyone else gets 404 as an unknown path).
 */
export const adminMoneyRoutes = new Hono<AppEnv>();

handle(adminMoneyRoutes, endpoints.adminSetCommission, (c, { params, body }) =>
  setCommission(c.get("db"), platformActorOf(c), params.accountId, body.commissionBps),
);

handle(adminMoneyRoutes, endpoints.adminOperatorMoney, (c, { params, query }) =>
  operatorMoney(c.get("db"), params.accountId, query),
);

handle(adminMoneyRoutes, endpoints.adminPlatformEarnings, (c, { query }) => platformEarnings(c.get("db"), query));
