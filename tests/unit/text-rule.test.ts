import { describe, expect, it } from "vitest";
import { firstName, lastName, locationFields, signedName } from "~contract/fields";
import { buyGiftCardBody } from "~contract/gifts/requests";
import { updateBrandingBody } from "~contract/operator/branding";
import { reviewBody } from "~contract/catalog/reviews";
import { isMultiLineText, isSingleLineText } from "~contract/text";
import { BuySchema } from "~/features/gift-cards/buy-form.server";

/** Issue 39 item 18: one text rule for every human-entered field (contract/text.ts). */
const HOSTILE = [
  "Rel\r\nBcc: x@evil.example",
  "Ada\u0007",
  "Ada\u001b[31m",
  "evil\u202Egnp.exe",
  "a\u2066b",
  "a\u0085b",
  "a\tb",
];

describe("the text rule", () => {
  it("refuses control and bidirectional characters in one line; a message may break lines", () => {
    for (const text of HOSTILE) expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
    expect(isSingleLineText("Zoë O'Brien-Łukasz 李")).toBe(true);
    expect(isMultiLineText("Happy birthday!\nLove, Sam")).toBe(true);
    expect(isMultiLineText("Hi\u0007")).toBe(false);
    expect(isMultiLineText("Hi\u202E")).toBe(false);
  });

  it("holds in names, a signed name, an address, a gift card's sender, recipient and message, a review and the branding", () => {
    for (const text of HOSTILE) {
      for (const schema of [
        firstName,
        lastName,
        signedName,
        locationFields.address,
        locationFields.city,
        locationFields.state,
      ])
        expect(schema.safeParse(text).success, JSON.stringify(text)).toBe(false);
      const order = { amountMinor: 5_000, recipientEmail: "a@example.com", senderName: "Alex" };
      expect(buyGiftCardBody.safeParse({ ...order, senderName: text }).success).toBe(false);
      expect(buyGiftCardBody.safeParse({ ...order, recipientName: text }).success).toBe(false);
      expect(updateBrandingBody.safeParse({ name: text }).success).toBe(false);
      expect(BuySchema.safeParse({ amount: "50", recipientEmail: "a@example.com", senderName: text }).success).toBe(
        false,
      );
    }
    for (const text of HOSTILE.filter((t) => !t.includes("\r\n")))
      expect(
        buyGiftCardBody.safeParse({
          amountMinor: 5_000,
          recipientEmail: "a@example.com",
          senderName: "A",
          message: text,
        }).success,
      ).toBe(false);
    // A textarea's line breaks (\r\n from a browser) are kept, as \n.
    const kept = buyGiftCardBody.parse({
      amountMinor: 5_000,
      recipientEmail: "a@example.com",
      senderName: "A",
      message: "Hi\r\nLove",
    });
    expect(kept.message).toBe("Hi\nLove");
    expect(reviewBody.safeParse({ rating: 5, body: "Lovely walk \u202E indeed" }).success).toBe(false);
    expect(signedName.parse("  Ada Lovelace ")).toBe("Ada Lovelace");
  });
});
