import type { EmailInput } from "~contract/system/outbox";
import { formatMoney } from "~contract/money";
import type { AccountRow, GiftCardRow } from "../db/schema";
import { composeEmail, operatorBrand, platformBrand } from "../outbox/email-layout";

interface GiftCardMail {
  card: GiftCardRow;
  /** The operator whose storefront sold it (their branding; good only there); null: the marketplace's. */
  operator: AccountRow | null;
  origin: string;
}

const brandOf = (mail: GiftCardMail) => (mail.operator ? operatorBrand(mail.operator, mail.origin) : platformBrand());

const whereGood = (mail: GiftCardMail, brandName: string) =>
  mail.operator
    ? `It can be spent on ${brandName}'s experiences, at ${new URL("/", mail.origin).toString()}`
    : `It can be spent on any experience on ${brandName} priced in ${mail.card.currency}.`;

const deliveryDay = (at: Date) =>
  at.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** To the buyer once paid: what was bought, for whom, and when it will be sent (the code is not in it). */
export function giftCardReceiptEmail(mail: GiftCardMail & { to: string; deliveredNow: boolean }): EmailInput {
  const brand = brandOf(mail);
  const amount = formatMoney(mail.card.amountMinor, mail.card.currency);
  const link = new URL("/account/payments", mail.origin).toString();
  return composeEmail({
    to: mail.to,
    subject: `Your ${amount} gift card for ${mail.card.recipientEmail}`,
    kind: "gift_card_receipt",
    meta: { giftCardId: mail.card.id, amountMinor: mail.card.amountMinor },
    brand,
    paragraphs: [
      ["Thank you for your order."],
      [
        `Gift card: ${amount}, for ${mail.card.recipientName ? `${mail.card.recipientName} (${mail.card.recipientEmail})` : mail.card.recipientEmail}.`,
        mail.deliveredNow
          ? "We are emailing it to them now."
          : `We will email it to them on ${deliveryDay(mail.card.deliverAt)} (UTC date).`,
      ],
      [whereGood(mail, brand.name)],
    ],
    action: { label: "See your gift cards", href: link },
  });
}

/** To the recipient on the delivery date: the code, the only time it is written anywhere. */
export function giftCardDeliveryEmail(mail: GiftCardMail & { code: string }): EmailInput {
  const brand = brandOf(mail);
  const amount = formatMoney(mail.card.amountMinor, mail.card.currency);
  const from = mail.card.senderName ?? "Someone";
  const link = new URL(`/gift-cards/${mail.code}`, mail.origin).toString();
  const greeting = mail.card.recipientName ? `Hello ${mail.card.recipientName},` : "Hello,";
  return composeEmail({
    to: mail.card.recipientEmail,
    subject: `${from} sent you a ${amount} gift card`,
    kind: "gift_card",
    meta: { giftCardId: mail.card.id, link },
    brand,
    paragraphs: [
      [greeting],
      [`${from} sent you a ${brand.name} gift card worth ${amount}.`],
      ...(mail.card.message ? [[`“${mail.card.message}”`]] : []),
      [`Your code: ${mail.code}`, "Type it at checkout to pay for part or all of a booking."],
      [whereGood(mail, brand.name)],
    ],
    action: { label: "See the balance", href: link },
    notes: ["Keep this email: the code is the gift card. We never store it, so we cannot send it again."],
  });
}
