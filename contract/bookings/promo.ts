import { z } from "zod";
import { said } from "../fields";
import { catalogId } from "../catalog/requests";
import type * as out from "../outputs";

/** Promo codes are case-insensitive: trimmed and upper-cased, 2–32 letters, digits, _ or -. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,31}$/;

export const normalizePromoCode = (value: string) => value.trim().toUpperCase();

export const promoCodeParams = z.object({
  code: z
    .string()
    .transform(normalizePromoCode)
    .refine((value) => PROMO_CODE_PATTERN.test(value), said("promoCode.invalid")),
});

export const promoCodeQuery = z.object({
  serviceId: z
    .string({ invalid_type_error: said("param.single") })
    .pipe(catalogId)
    .optional(),
});

/** Answer of GET /v1/promo-codes/{code}. */
export type PromoCodeView = z.infer<typeof out.promoCode>;
