import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { createReview, listReviews } from "./service";

export const reviewRoutes = new Hono<AppEnv>();

handle(reviewRoutes, endpoints.reviews, async (c, { params, query }) =>
  listReviews(c.get("db"), params.parentId, c.get("account"), query.page),
);

handle(reviewRoutes, endpoints.createReview, async (c, { params, body }) =>
  createReview(c.get("db"), c.get("identity").uid, c.get("account"), params.id, body),
);
