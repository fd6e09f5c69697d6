import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { customersCsv, customersCsvFilename, emailOfCustomerId } from "~contract/operator/customers";
import { clockNow } from "../clock";
import { clientIp } from "../http/client-info";
import { csvAnswer, wantsCsv } from "../http/csv";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { localDateOf } from "../schedules/expand";
import { addCustomerNote, customerNotFound, listCustomers, readCustomer } from "./customers";

/** The id's email (the params' schema already refused any other id). */
const emailOf = (customerId: string) => {
  const email = emailOfCustomerId(customerId);
  if (email === null) throw customerNotFound();
  return email;
};

/** The operator's customers (owner, manager): on the operator router. */
export function customerRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorListCustomers, async (c, { query, member }) => {
    if (!wantsCsv(c, query.format)) return listCustomers(c.get("db"), member, query);
    // The export is of the consenting customers only, whatever `consented` asked for.
    const list = await listCustomers(c.get("db"), member, query, { everything: true, onlyConsenting: true });
    const today = localDateOf(clockNow(), member.account.timezone);
    return csvAnswer(
      customersCsv(list.customers, member.account.timezone),
      customersCsvFilename(member.account.slug, today),
    );
  });

  handle(router, endpoints.operatorCustomer, async (c, { params, member }) =>
    readCustomer(c.get("db"), member, emailOf(params.customerId)),
  );

  handle(router, endpoints.operatorAddCustomerNote, async (c, { params, body, member }) => {
    const actor = actorOf(member, clientIp(c));
    const note = await addCustomerNote(c.get("db"), member, actor, emailOf(params.customerId), body.body);
    return new WithStatus(201, note);
  });
}
