import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { listSavedCards, removeCard, setDefaultCard } from "./saved-cards";

/** The caller's own saved cards (the uid comes from the verified token; anyone else's card is 404). */
export const savedCardRoutes = new Hono<AppEnv>();

handle(savedCardRoutes, endpoints.savedCards, async (c) => listSavedCards(c.get("db"), c.get("identity").uid));

handle(savedCardRoutes, endpoints.setDefaultCard, async (c, { params }) => {
  await setDefaultCard(c.get("db"), c.get("identity").uid, params.id);
});

handle(savedCardRoutes, endpoints.removeCard, async (c, { params }) => {
  await removeCard(c.get("db"), c.get("identity").uid, params.id);
});
