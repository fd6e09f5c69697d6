import type { z } from "zod";

/**
 * Where a console answer keeps its money — amounts, currency, payments, refunds — and the one rule
 * about it: owners and managers get it, a guide gets `null` (a guide runs the day and never sees
 * money). Every console output that carries money keeps it in members made with this wrapper and
 * nowhere else, so the contract (and the OpenAPI document) says which parts a guide does not get.
 */
export const staffMoney = <T extends z.ZodTypeAny>(schema: T) =>
  schema.nullable().describe("The money: null for a guide (a guide never sees money; owner and manager do).");
