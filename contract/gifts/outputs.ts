import { z } from "zod";
import { bookingReference } from "../output-parts";

const tipCard = z.object({ brand: z.string(), last4: z.string() }).nullable();

export const tipView = z.object({
  amountMinor: z.number(),
  currency: z.string(),
  status: z.enum(["pending", "paid"]),
  paidAt: z.string().nullable(),
  card: tipCard,
});

export const tipPreset = z.object({
  /** 15, 18, 20 (% of the booking), or null for a fixed amount (free bookings). */
  percent: z.number().nullable(),
  amountMinor: z.number(),
});

export const tipPage = z.object({
  booking: z.object({
    /** The booking's reference as travellers know it (WF-XXXX-XXXX), never its id. */
    reference: bookingReference,
    experienceTitle: z.string(),
    serviceName: z.string(),
    operatorName: z.string(),
    startsAt: z.string(),
    timezone: z.string(),
    /** The guide's name, when the operator gives one. */
    guide: z.string().nullable(),
  }),
  currency: z.string(),
  presets: z.array(tipPreset),
  minMinor: z.number(),
  maxMinor: z.number(),
  /** The tip given (or being paid), if any. */
  tip: tipView.nullable(),
});

export const tipStarted = z.object({ checkoutUrl: z.string() });

export const tipList = z.array(
  z.object({
    id: z.string(),
    bookingId: z.string(),
    reference: bookingReference,
    experienceTitle: z.string(),
    amountMinor: z.number(),
    currency: z.string(),
    paidAt: z.string(),
    card: tipCard,
  }),
);

/** What an invitation gives: a share off the first booking, up to a cap in its currency. */
export const referralOffer = z.object({ percentOff: z.number(), maxDiscountMinor: z.number() });

export const referralInvite = z.object({
  /** The inviter's first name only. */
  firstName: z.string(),
  offer: referralOffer,
  /** The caller is signed in as the inviter: their own link (it gives them nothing). */
  own: z.boolean(),
});

export const myReferral = z.object({
  code: z.string(),
  url: z.string(),
  /** Guests who booked with the code. */
  invited: z.number(),
  /** Of those, the ones whose trip took place (each gave a reward). */
  rewarded: z.number(),
  /** The reward promo codes not used yet. */
  credit: z.array(z.string()),
});

/** POST /v1/gift-cards/balance: a card's balance and its ledger (last 4 only, never the code). */
export const giftCardBalance = z.object({
  last4: z.string(),
  currency: z.string(),
  /** The sum of the ledger, in minor units. */
  balanceMinor: z.number(),
  /** null: a marketplace card, good everywhere; else the operator's name (good only on its storefront). */
  operatorName: z.string().nullable(),
  transactions: z.array(
    z.object({
      kind: z.enum(["issue", "redeem", "refund", "release"]),
      amountMinor: z.number(),
      at: z.string(),
    }),
  ),
});

/** GET /v1/user/gift-cards: the cards the caller bought (paid), received or saved to their account (last 4 only). */
/** A gift card as its buyer, holder or operator sees it (never its code). */
const giftCardFigures = {
  id: z.string(),
  /** null until the card is delivered (its code is made then). */
  last4: z.string().nullable(),
  currency: z.string(),
  amountMinor: z.number(),
  balanceMinor: z.number(),
  /** scheduled: paid, to be emailed at deliverAt; active: delivered. */
  status: z.enum(["scheduled", "active", "void"]),
};

export const myGiftCard = z.object({
  ...giftCardFigures,
  /**
   * bought: the caller paid for it (its receipt: /account/gift-cards/{id}/receipt); received: it
   * was sent to the caller's email; saved: the caller added it to their account by its code.
   */
  relation: z.enum(["bought", "received", "saved"]),
  recipientEmail: z.string(),
  deliverAt: z.string(),
  operatorName: z.string().nullable(),
  /** When it was paid (a bought card's receipt), and the name it was sent from. */
  paidAt: z.string().nullable(),
  senderName: z.string().nullable(),
});

export const myGiftCards = z.array(myGiftCard);

/** GET /v1/gift-cards/offer: what can be bought here (the marketplace, or this storefront). */
export const giftCardOffer = z.object({
  currency: z.string().length(3),
  minMinor: z.number(),
  maxMinor: z.number(),
  presetsMinor: z.array(z.number()),
  /** How far ahead (days) a delivery date may be. */
  deliveryDays: z.number(),
  /** null: a marketplace card (good everywhere in its currency); else only this operator's. */
  operatorName: z.string().nullable(),
});

/** POST /v1/gift-cards: the card being bought and where to pay for it. */
export const giftCardPurchase = z.object({ id: z.string(), checkoutUrl: z.string(), deliverAt: z.string() });

/** GET /v1/operator/gift-cards: the operator's gift cards, newest first (last 4 only). */
export const operatorGiftCards = z.object({
  items: z.array(
    z.object({
      ...giftCardFigures,
      recipientEmail: z.string(),
      senderName: z.string().nullable(),
      deliverAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  /** The operator's currency: the sums' (and every card's). */
  currency: z.string(),
  /** Sums over the cards listed: sold (issued) and still owed to holders (balances). */
  soldMinor: z.number(),
  outstandingMinor: z.number(),
});
