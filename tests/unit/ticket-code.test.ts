import { randomInt } from "node:crypto";
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ticketQrPng } from "~api/bookings/ticket-png";
import { guestSummary, plural } from "~contract/bookings/guest-summary";
import { displayTicketCode, groupTicketCode, normaliseTicketCode } from "~contract/bookings/ticket-code";
import { ticketQrSvg } from "~contract/bookings/ticket-qr";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const randomCode = () => Array.from({ length: 26 }, () => CROCKFORD[randomInt(32)]).join("");

/** PNG bytes → the text of the QR code jsqr finds in them (null: none). */
async function decodePng(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe("ticket codes typed or scanned", () => {
  it("read case-insensitively, spaces and dashes ignored, O as 0 and I, L as 1", () => {
    const code = "0123456789ABCDEFGHJKMNPQRS";
    expect(normaliseTicketCode(code)).toBe(code);
    expect(normaliseTicketCode("o123 4567-89ab cdef-ghjk mnpq rs")).toBe(code);
    expect(normaliseTicketCode("O1234567 89AB CDEF GHJK MNPQRS")).toBe(code);
    expect(normaliseTicketCode("0I23456789ABCDEFGHJKMNPQRS")).toBe(code);
    expect(normaliseTicketCode("0l23456789abcdefghjkmnpqrs")).toBe(code);
    expect(normaliseTicketCode(" \t0123-4567-89AB-CDEF-GHJK-MNPQ-RS\n")).toBe(code);
  });

  it("refuse what is not a code: wrong length, U, other signs, huge input", () => {
    for (const bad of [
      "",
      "0123456789ABCDEFGHJKMNPQR",
      "0123456789ABCDEFGHJKMNPQRST",
      "0123456789ABCDEFGHJKMNPQRU",
      "0123456789ABCDEFGHJKMNPQR!",
      "0123456789ABCDEFGHJKMNPQR\u0000",
      "0123456789ABCDEFGHJKMNPQRÉ",
      "-".repeat(200),
      "0".repeat(10_000),
    ])
      expect(normaliseTicketCode(bad)).toBeNull();
  });

  it("shown in groups of four", () => {
    expect(groupTicketCode("0123456789ABCDEFGHJKMNPQRS")).toBe("0123 4567 89AB CDEF GHJK MNPQ RS");
    expect(normaliseTicketCode(groupTicketCode("0123456789ABCDEFGHJKMNPQRS"))).toBe("0123456789ABCDEFGHJKMNPQRS");
  });

  it("the code last read is shown as the ticket prints it, however it was typed (issue 40)", () => {
    const printed = groupTicketCode("0123456789ABCDEFGHJKMNPQRS");
    for (const typed of [
      "0123456789ABCDEFGHJKMNPQRS",
      "0123456789abcdefghjkmnpqrs",
      // Grouped in other places than the ticket's fours: the spaces were counted as characters.
      "012 345 678 9AB CDE FGH JKM NPQ RS",
      "01234 56789 abcde fghjk mnpqr s",
      "0123-4567-89ab-cdef-ghjk-mnpq-rs",
      " o123 4567  89AB-CDEF ghjk MNPQ rs ",
      "0I23456789ABCDEFGHJKMNPQRS",
    ])
      expect(displayTicketCode(typed)).toBe(printed);
    // What is no code: its own characters, in upper case and fours, the separators gone.
    expect(displayTicketCode("abc de-fgh")).toBe("ABCD EFGH");
    expect(displayTicketCode("0123 4567 89AB CDEF GHJK MNPQ RSU")).toBe("0123 4567 89AB CDEF GHJK MNPQ RSU");
    expect(displayTicketCode("x".repeat(500))).toHaveLength(100 + 24);
  });
});

describe("the ticket's QR code", () => {
  it("round trip: uqr's SVG → sharp's PNG → jsqr reads the same code (20 random codes)", async () => {
    for (let i = 0; i < 20; i++) {
      const code = randomCode();
      expect(await decodePng(await ticketQrPng(code))).toBe(code);
    }
  });

  it("the SVG at the booking page's size decodes too, and holds nothing but modules", async () => {
    const code = randomCode();
    const svg = ticketQrSvg(code, 6);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+">/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect(await decodePng(await sharp(Buffer.from(svg)).png().toBuffer())).toBe(code);
  });
});

describe("guests in words", () => {
  it("2 Adults, 1 Child", () => {
    expect(
      guestSummary([
        { name: "Adult", quantity: 2 },
        { name: "Child", quantity: 1 },
        { name: "Infant", quantity: 0 },
      ]),
    ).toBe("2 Adults, 1 Child");
    expect(guestSummary([{ name: "Child", quantity: 3 }])).toBe("3 Children");
    expect(plural("Family pass")).toBe("Family passes");
    expect(plural("Party")).toBe("Parties");
    expect(plural("Senior 65+")).toBe("Senior 65+");
    expect(plural("Child (5–12)")).toBe("Children (5–12)");
  });
});
