import { Hono } from "hono";
import { cardParams } from "~contract/cards";
import { requireAuth } from "../auth/middleware";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { listSavedCards, removeCard, setDefaultCard } from "./saved-cards";

/** The caller's own saved cards (the uid comes from the verified token; anyone else's card is 404). */
export const savedCardRoutes = new Hono<AppEnv>();

savedCardRoutes.get("/user/payment-methods", requireAuth, withDb, async (c) =>
  dataResponse(c, await listSavedCards(c.get("db"), c.get("identity").uid)),
);
allowOnly(savedCardRoutes, "/user/payment-methods", ["GET"]);

savedCardRoutes.put(
  "/user/payment-methods/:id/default",
  requireAuth,
  validate("param", cardParams),
  withDb,
  async (c) => {
    await setDefaultCard(c.get("db"), c.get("identity").uid, c.req.valid("param").id);
    return c.json({ success: true });
  },
);
allowOnly(savedCardRoutes, "/user/payment-methods/:id/default", ["PUT"]);

savedCardRoutes.delete("/user/payment-methods/:id", requireAuth, validate("param", cardParams), withDb, async (c) => {
  await removeCard(c.get("db"), c.get("identity").uid, c.req.valid("param").id);
  return c.json({ success: true });
});
allowOnly(savedCardRoutes, "/user/payment-methods/:id", ["DELETE"]);
