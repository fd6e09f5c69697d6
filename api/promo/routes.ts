import { Hono } from "hono";
import { withTenant } from "../accounts/tenant";
import { loadBookableService } from "../catalog/bookable-service";
import { dataResponse } from "../http/envelope";
import { notFound } from "../http/errors";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { promoCodeParams, promoCodeQuery } from "~contract/promo";
import { findUsablePromo, toPromoCodeView } from "./service";

export const promoRoutes = new Hono<AppEnv>();

/**
 * Whether a code can be used now: with `serviceId`, for that service's operator; without it,
 * for the X-Account-Context operator, or (public mode) codes valid with every operator only.
 */
promoRoutes.get(
  "/promo-codes/:code",
  validate("param", promoCodeParams),
  validate("query", promoCodeQuery),
  withDb,
  withTenant,
  async (c) => {
    const db = c.get("db");
    const { serviceId } = c.req.valid("query");
    const account = serviceId ? (await loadBookableService(db, serviceId, c.get("account"))).account : c.get("account");
    const promo = await findUsablePromo(db, c.req.valid("param").code, account);
    if (!promo) throw notFound("This promo code does not exist or cannot be used here now.", "promo_not_found");
    return dataResponse(c, toPromoCodeView(promo));
  },
);
allowOnly(promoRoutes, "/promo-codes/:code", ["GET"]);
