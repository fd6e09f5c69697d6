import { Hono } from "hono";
import { withTenant } from "../accounts/tenant";
import { requireAuth } from "../auth/middleware";
import { experienceParams } from "~contract/catalog";
import { bookingParams } from "~contract/bookings";
import { reviewBody, reviewListQuery } from "~contract/reviews";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { createReview, listReviews } from "./service";

export const reviewRoutes = new Hono<AppEnv>();

reviewRoutes.get(
  "/experiences/:parentId/reviews",
  validate("param", experienceParams),
  validate("query", reviewListQuery),
  withDb,
  withTenant,
  async (c) =>
    dataResponse(
      c,
      await listReviews(c.get("db"), c.req.valid("param").parentId, c.get("account"), c.req.valid("query").page),
    ),
);
allowOnly(reviewRoutes, "/experiences/:parentId/reviews", ["GET"]);

reviewRoutes.post(
  "/bookings/:id/review",
  requireAuth,
  validate("param", bookingParams),
  validate("json", reviewBody),
  withDb,
  withTenant,
  async (c) => {
    const review = await createReview(
      c.get("db"),
      c.get("identity").uid,
      c.get("account"),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json({ data: review }, 201);
  },
);
allowOnly(reviewRoutes, "/bookings/:id/review", ["POST"]);
