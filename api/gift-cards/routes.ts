import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp, signedInWrite } from "../http/client-info";
import { limitGiftCardAttempts } from "./attempts";
import { handle, withStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { addGiftCardToWallet, giftCardView, myGiftCards, operatorGiftCards } from "./ledger";
import { buyGiftCard, giftCardOffer } from "./purchase";
import { requireUserRow } from "../users/service";

export const giftCardRoutes = new Hono<AppEnv>();

handle(giftCardRoutes, endpoints.giftCardBalance, async (c, { body }) => {
  c.header("Cache-Control", "private, no-store");
  c.header("Referrer-Policy", "no-referrer");
  await limitGiftCardAttempts(clientIp(c), body.code);
  return giftCardView(c.get("db"), body.code, c.get("account")?.id ?? null);
});

handle(giftCardRoutes, endpoints.myGiftCards, async (c) => {
  const user = await requireUserRow(c.get("db"), c.get("identity").uid);
  return myGiftCards(c.get("db"), user);
});

handle(giftCardRoutes, endpoints.addGiftCardToWallet, async (c, { body }) => {
  c.header("Cache-Control", "private, no-store");
  // A typed code counts against the same limits as a balance lookup (guessing stays hopeless).
  await limitGiftCardAttempts(clientIp(c), body.code);
  const db = c.get("db");
  const user = await requireUserRow(db, c.get("identity").uid);
  const { giftCardId, added } = await addGiftCardToWallet(db, user, body.code, c.get("account")?.id ?? null);
  const [card] = await myGiftCards(db, user, giftCardId);
  return withStatus(added ? 201 : 200, card!);
});

handle(giftCardRoutes, endpoints.giftCardOffer, async (c) => giftCardOffer(c.get("account")));

handle(giftCardRoutes, endpoints.buyGiftCard, async (c, { body }) =>
  withStatus(201, await buyGiftCard(c.get("db"), signedInWrite(c, body))),
);

handle(giftCardRoutes, endpoints.operatorListGiftCards, async (c, { member }) => {
  c.header("Cache-Control", "private, no-store");
  return operatorGiftCards(c.get("db"), member.account);
});
