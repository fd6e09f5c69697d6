import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { loadBookableService } from "../catalog/bookable-service";
import { notFound } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { findUsablePromo, toPromoCodeView } from "./service";

export const promoRoutes = new Hono<AppEnv>();

/**
 * Whether a code can be used now: with `serviceId`, for that service's operator; without it,
 * for the X-Account-Context operator, or (public mode) codes valid with every operator only.
 */
handle(promoRoutes, endpoints.promoCode, async (c, { params, query: { serviceId } }) => {
  const db = c.get("db");
  const account = serviceId ? (await loadBookableService(db, serviceId, c.get("account"))).account : c.get("account");
  const promo = await findUsablePromo(db, params.code, account);
  if (!promo) throw notFound("This promo code does not exist or cannot be used here now.", "promo_not_found");
  return toPromoCodeView(promo);
});
