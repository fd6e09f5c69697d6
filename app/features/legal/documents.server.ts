/**
 * The terms and the privacy notice, written for what the product does (bookings sold by
 * operators, paid through the payment provider, tips to guides, invitations, messages). Kept on
 * the server: a page's loader sends the sections it shows, so the strings file every page loads
 * stays small. `seller` is the operator on their storefront, else the marketplace.
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalContext {
  app: string;
  /** The operator on a storefront; null on the marketplace. */
  operator: string | null;
  supportEmail: string;
  updated: string;
}

export const LEGAL_UPDATED = "2026-11-25";

export function termsOf({ app, operator, supportEmail }: LegalContext): LegalSection[] {
  const seller = operator ?? "the operator named on each experience";
  return [
    {
      heading: "Who you book with",
      paragraphs: [
        operator
          ? `Experiences on this storefront are run and sold by ${operator}. ${app} runs the storefront, takes the booking and the payment for ${operator}, and sends the messages about it.`
          : `${app} is a marketplace: each experience is run and sold by ${seller}. ${app} takes the booking and the payment for that operator and sends the messages about it.`,
        "By booking you accept these terms and the operator's waiver, which you sign before your first booking with them.",
      ],
    },
    {
      heading: "Prices and payment",
      paragraphs: [
        "Prices are per ticket in the operator's currency. The price you see before you pay includes the service fee and taxes, and is what your card is charged; your bank may add its own charges for foreign currencies.",
        "Seats are held for you for a few minutes while you pay. If the payment does not arrive in time the seats are released and nothing is charged.",
        "Card payments are processed by our payment provider; we never see or keep your full card number.",
      ],
    },
    {
      heading: "Cancelling and refunds",
      paragraphs: [
        "You can cancel a booking from your account until the operator's cancellation deadline, shown on each experience before you book. A cancelled paid booking is refunded in full to the card that paid; refunds take 5–10 days to show.",
        "If an operator cancels a departure, you are told at once and refunded in full.",
        "After the deadline the booking can no longer be cancelled online; contact the operator if your plans change.",
      ],
    },
    {
      heading: "On the day",
      paragraphs: [
        "Be at the meeting point at the time on your booking. Follow the guide's instructions; the operator may refuse anyone whose behaviour puts others at risk, without a refund.",
        "Tips are optional. A tip you give through the link we send after the trip goes to the operator's team who hosted you.",
      ],
    },
    {
      heading: "Invitations and promo codes",
      paragraphs: [
        "An invitation gives 10 % off a friend's first booking (up to the amount shown on the invitation); the inviter gets a code for 10 % off once that friend has taken the trip. A code works once, cannot be exchanged for cash, and cannot be used on your own invitation.",
      ],
    },
    {
      heading: "Your account",
      paragraphs: [
        "Keep your sign-in details to yourself; you are responsible for bookings made with your account. You can change your details at any time in your account.",
        `Questions about these terms: ${supportEmail}.`,
      ],
    },
  ];
}

export function privacyOf({ app, operator, supportEmail }: LegalContext): LegalSection[] {
  return [
    {
      heading: "What we keep",
      paragraphs: [
        "Your account: email address, name, postal address, and a mobile number if you give one (it is only used for text messages you allow).",
        "Your bookings, the waivers you signed (with the name you typed, the time, your IP address and browser), tips you gave and invitations you sent.",
        "Payments: the payment provider keeps your card; we keep its brand and last four digits for your receipts.",
      ],
    },
    {
      heading: "What we use it for",
      paragraphs: [
        `To take and run your bookings${operator ? ` with ${operator}` : ""}: the operator of each booking sees your name, the tickets and how to reach you.`,
        "To send what you asked for or need: confirmations and receipts always; reminders, tip requests, invitation rewards and news only while they are on in your notification settings, and every such email has a one-click unsubscribe link.",
        "We do not sell your data and we show no third-party advertising.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "A session cookie keeps you signed in (it cannot be read by scripts). A language cookie remembers a language you chose. When you arrive from an invitation or a promotional link, a cookie remembers the code for 30 days so it applies to your booking.",
        "We use no tracking or advertising cookies.",
      ],
    },
    {
      heading: "How long",
      paragraphs: [
        "Bookings, waivers and payments are kept as long as the law requires for accounting and disputes. Sent messages are deleted after 90 days.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You can see and correct your details in your account at any time. To get a copy of your data or to close your account and erase what we are not required to keep, write to us.",
        `Contact: ${supportEmail}. ${app} is responsible for this data${operator ? `, together with ${operator} for your bookings with them` : ""}.`,
      ],
    },
  ];
}
