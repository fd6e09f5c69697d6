import "../../support/env";
import { describe, expect, it } from "vitest";
import { bookingWorld } from "../../support/booking";
import { outboxFor } from "../../support/identity";
import { answeredFamilyBooking } from "../../support/questions";

/** The confirmation email lists the answers to the booking's questions (issue 46, item 1), text and HTML. */
const { db, acme } = bookingWorld();

describe("the booking confirmation email: answers", () => {
  it("lists the booking's answers, then each guest's with their ticket type; unanswered questions left out", async () => {
    const { user } = await answeredFamilyBooking(db(), acme);
    const [mail] = (await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed");
    const child = acme.child!.name;
    const adult = acme.adult.name;
    const expected = [
      "Your answers:",
      "  For the booking: Phone at your hotel: +15551234567",
      `  Guest 1 (${adult}): Height (cm): 180; Can you swim?: yes`,
      `  Guest 2 (${adult}): Height (cm): 165; Can you swim?: no; Which swim aid?: Vest`,
      `  Guest 3 (${child}): Height (cm): 120; Can you swim?: yes; Child's age: 8`,
    ];
    expect(mail.textBody).toContain(expected.join("\n"));
    const html = (mail.htmlBody as string).replaceAll("&#x27;", "'");
    for (const line of expected) expect(html).toContain(line.trim());
    // Guest 1 swims: the swim aid (asked only of those who do not) is not in their line.
    expect(mail.textBody).not.toMatch(/Guest 1[^\n]*swim aid/);
  });
});
