import * as out from "../outputs";
import { domain, endpoint } from "../endpoint";
import { addGiftCardToWalletBody, buyGiftCardBody, giftCardBalanceBody } from "./requests";
import { referralCodeParams } from "./referrals";
import { tipBody, tipKeyParams } from "./tips";

export const tipsEndpoints = domain("Tips", {
  tipPage: endpoint({
    method: "GET",
    path: "/v1/gratuity/:accessKey",
    summary: "The tip page of a booking (the emailed key is the capability)",
    auth: "public",
    params: tipKeyParams,
    output: out.tipPage,
    errors: ["tip_not_found"],
  }),
  startTip: endpoint({
    method: "POST",
    path: "/v1/gratuity/:accessKey",
    summary: "Start paying a tip",
    auth: "public",
    params: tipKeyParams,
    body: tipBody,
    output: out.tipStarted,
    errors: ["tip_not_found", "tip_already_given", "tip_amount_out_of_range", "payouts_not_ready"],
  }),
  myTips: endpoint({
    method: "GET",
    path: "/v1/user/tips",
    summary: "The tips the caller gave",
    auth: "user",
    output: out.tipList,
    errors: [],
  }),
});

export const giftCardsEndpoints = domain("Gift cards", {
  giftCardBalance: endpoint({
    method: "POST",
    path: "/v1/gift-cards/balance",
    summary:
      "A gift card's balance and history (the code, in the body, is the capability; every failure reads the same)",
    auth: "public",
    tenant: true,
    body: giftCardBalanceBody,
    output: out.giftCardBalance,
    errors: ["gift_card_invalid"],
  }),
  myGiftCards: endpoint({
    method: "GET",
    path: "/v1/user/gift-cards",
    summary: "The gift cards the caller bought, received or saved to their account, with balances (last 4 only)",
    auth: "user",
    output: out.myGiftCards,
    errors: [],
  }),
  addGiftCardToWallet: endpoint({
    method: "POST",
    path: "/v1/user/gift-cards",
    summary:
      "Keep a gift card on the caller's account by its code (the code in the body; limited like a balance lookup; every failure reads the same); 201, or 200 when it was kept already",
    auth: "user",
    tenant: true,
    body: addGiftCardToWalletBody,
    output: out.myGiftCard,
    statuses: [201, 200],
    errors: ["gift_card_invalid"],
    changes: ["user"],
  }),
  giftCardOffer: endpoint({
    method: "GET",
    path: "/v1/gift-cards/offer",
    summary: "What gift cards can be bought here: currency, amounts, delivery window, whose",
    auth: "public",
    tenant: true,
    output: out.giftCardOffer,
    errors: [],
  }),
  buyGiftCard: endpoint({
    method: "POST",
    path: "/v1/gift-cards",
    summary:
      "Buy a gift card (marketplace: good everywhere in its currency; storefront: good only there), paid through the checkout and emailed on its delivery date",
    auth: "user",
    tenant: true,
    body: buyGiftCardBody,
    output: out.giftCardPurchase,
    statuses: [201],
    errors: [],
  }),
  operatorListGiftCards: endpoint({
    method: "GET",
    path: "/v1/operator/gift-cards",
    summary: "The operator's gift cards: last 4, amount, balance, delivery (owner, manager)",
    auth: "user",
    member: "catalog",
    tenant: true,
    output: out.operatorGiftCards,
    errors: [],
  }),
});

export const referralsEndpoints = domain("Referrals", {
  referralInvite: endpoint({
    method: "GET",
    path: "/v1/referral/:code",
    summary: "An invitation link's landing page (signed in: whether it is the caller's own)",
    auth: "optional",
    params: referralCodeParams,
    output: out.referralInvite,
    errors: ["referral_not_found"],
  }),
  myReferral: endpoint({
    method: "GET",
    path: "/v1/user/referral",
    summary: "The caller's invitation link and what it earned",
    auth: "user",
    output: out.myReferral,
    errors: [],
    dependsOn: ["user"],
  }),
});
