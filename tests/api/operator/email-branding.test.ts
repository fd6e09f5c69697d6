import "../../support/env";
import { afterEach, describe, expect, it } from "vitest";
import { contrastRatio, INK, PLATFORM_COLORS, textOn, WHITE } from "~contract/operator/colors";
import { getApiEnv } from "~api/env";
import { deliverMessage } from "~api/outbox/delivery";
import { operatorBrand, platformBrand } from "~api/outbox/email-layout";
import { setMailTransportForTests, type MailTransport } from "~api/outbox/mailer";
import { seedDbForThisFile } from "../../support/api";
import { bookingUser, confirmedBooking, createSlot, findService } from "../../support/booking";
import { call, outboxFor, withEmulatorUsers } from "../../support/identity";
import { syncedMember } from "../../support/operator";

const { db } = seedDbForThisFile();
withEmulatorUsers();
afterEach(() => setMailTransportForTests(undefined));

type Sent = Parameters<MailTransport["sendMail"]>[0];

async function confirmationOf(email: string) {
  const mails = (await outboxFor(email)).filter((message) => message.kind === "booking_confirmed");
  expect(mails).toHaveLength(1);
  return mails[0];
}

/** A mail server that keeps what it is sent (set before the messages are written: then they are pending). */
function captureMail(): Sent[] {
  const sent: Sent[] = [];
  setMailTransportForTests({ sendMail: async (message) => void sent.push(message) });
  return sent;
}

/** Delivers the message now (or finds it delivered already by the outbox's own request). */
async function delivered(sent: Sent[], id: string, to: string): Promise<Sent> {
  await deliverMessage(db(), id, { finalAttempt: true });
  const copies = sent.filter((message) => message.to === to && /^Booking confirmed/.test(message.subject));
  expect(copies).toHaveLength(1);
  return copies[0];
}

describe("emails in account mode carry the operator's branding", () => {
  it("a booking made on the operator's storefront: their name, logo and colour, sent under their name", async () => {
    const harbor = await findService(db(), "harbor");
    const user = await bookingUser(harbor);
    const slot = await createSlot(db(), harbor.serviceId);
    const sent = captureMail();
    await confirmedBooking(user, harbor, slot.id, 1, { account: "harbor" });

    const mail = await confirmationOf(user.email);
    expect(mail.senderName).toBe("Harbor & Tide");
    expect(mail.htmlBody).toContain('alt=""');
    expect(mail.htmlBody).toMatch(/<img alt="" [^>]*src="http:\/\/localhost(:\d+)?\/images\/logos\/harbor\.svg"/);
    expect(mail.htmlBody).toContain("Harbor &amp; Tide</span>");
    expect(mail.htmlBody).toContain("background-color:#0F766E;color:#ffffff");
    expect(mail.htmlBody).toContain("Sent by Harbor &amp; Tide.");
    expect(mail.htmlBody).not.toContain(getApiEnv().PUBLIC_APP_NAME);
    expect(mail.textBody.trimEnd().endsWith("— Harbor & Tide")).toBe(true);

    const mailed = await delivered(sent, mail.id, user.email);
    const address = /<([^<>]+)>\s*$/.exec(getApiEnv().SMTP_FROM)?.[1] ?? getApiEnv().SMTP_FROM;
    expect(mailed.from).toEqual({ name: "Harbor & Tide", address });
  });

  it("a booking made on the marketplace: the platform's branding and SMTP_FROM as it is", async () => {
    const harbor = await findService(db(), "harbor");
    const user = await bookingUser(harbor);
    const slot = await createSlot(db(), harbor.serviceId);
    const sent = captureMail();
    await confirmedBooking(user, harbor, slot.id);

    const mail = await confirmationOf(user.email);
    expect(mail.senderName).toBeNull();
    expect(mail.htmlBody).toContain(`${getApiEnv().PUBLIC_APP_NAME}</span>`);
    expect(mail.htmlBody).not.toContain("<img");
    // The marketplace's teal (PLATFORM_COLORS, app/tailwind.css), white on it.
    expect(mail.htmlBody).toContain(`background-color:${PLATFORM_COLORS.primary};color:#ffffff`);
    expect(PLATFORM_COLORS.primary).toBe("#0f766e");
    // The operator is still named in the body: who runs the trip.
    expect(mail.textBody).toContain("With Harbor & Tide");

    const mailed = await delivered(sent, mail.id, user.email);
    expect(mailed.from).toBe(getApiEnv().SMTP_FROM);
  });
});

describe("booking emails point at the booking", () => {
  it("the confirmation: reference and the booking's page in HTML and text, its .ics with that URL and a reminder", async () => {
    const harbor = await findService(db(), "harbor");
    const user = await bookingUser(harbor);
    const slot = await createSlot(db(), harbor.serviceId);
    const booking = await confirmedBooking(user, harbor, slot.id, 1, { account: "harbor" });

    const mail = await confirmationOf(user.email);
    // On the storefront's host (the booking's origin), its own page.
    const page = String(mail.meta.link);
    expect(page).toMatch(new RegExp(`^http://localhost(:\\d+)?/account/booking/${booking.id}$`));
    for (const body of [mail.textBody, mail.htmlBody!]) {
      expect(body).toContain(booking.reference);
      expect(body).toContain(page);
    }
    expect(mail.htmlBody).toContain(`<a href="${page}"`);
    expect(mail.htmlBody).toContain(">See your booking</span>");
    expect(mail.textBody).toContain(`See or cancel your booking: ${page}`);
    expect(mail.textBody).not.toContain("/account/bookings");
    // The price words are the site's (contract/glossary.ts): never "Booking fee".
    expect(mail.textBody).toMatch(/^Service fee: €\d+\.\d\d$/m);
    expect(mail.textBody).not.toContain("Booking fee");
    // The meeting point on OpenStreetMap, in both versions.
    const map =
      /Map of the meeting point: (https:\/\/www\.openstreetmap\.org\/\?mlat=(-?[\d.]+)&mlon=(-?[\d.]+)#map=17\/\2\/\3)\n/.exec(
        mail.textBody,
      );
    expect(map).not.toBeNull();
    expect(mail.htmlBody).toContain(`href="${map![1].replace("&", "&amp;")}"`);
    const ics = Buffer.from(mail.attachments[0].content, "base64").toString("utf8").replace(/\r\n /g, "");
    expect(ics).toContain(`\r\nURL:${page}\r\n`);
    expect(ics).toContain(`Your booking: ${page}`);
    expect(ics).toMatch(
      /\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=START:-PT24H\r\nDESCRIPTION:[^\r\n]+\r\nEND:VALARM\r\nEND:VEVENT\r\n/,
    );
  });
});

describe("brand colours stay readable", () => {
  it("a pale primary colour gives way to the operator's ink; button text contrasts with its background", () => {
    const pale = operatorBrand(
      { name: "Sunny", logoUrl: null, primaryColor: "#FACC15", inkColor: "#1C1917" },
      "https://sunny.example.com",
    );
    expect(pale.color).toBe("#1C1917");
    const paleInk = operatorBrand(
      { name: "Mist", logoUrl: "/logo.png", primaryColor: "#E0F2FE", inkColor: "#BAE6FD" },
      "https://mist.example.com",
    );
    expect(paleInk.color).toBe(INK);
    expect(paleInk.logoUrl).toBe("https://mist.example.com/logo.png");
    for (const background of ["#0F766E", "#FACC15", "#1d4ed8", "#9F1239", "#ffffff", "#000000"]) {
      expect(contrastRatio(background, textOn(background))).toBeGreaterThanOrEqual(4.5);
    }
    expect(textOn("#FACC15")).toBe(INK);
    expect(textOn("#1d4ed8")).toBe(WHITE);
    expect(platformBrand().senderName).toBeNull();
    expect(platformBrand().color).toBe(PLATFORM_COLORS.primary);
    expect(contrastRatio(PLATFORM_COLORS.primary, WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});

// Last in the file: it changes Harbor's published branding.
describe("a published branding reaches the next emails, a draft does not", () => {
  it("after the draft is saved: the old name and colour; after publishing: the new ones", async () => {
    const harbor = await findService(db(), "harbor");
    const manager = await syncedMember(db(), "harbor", "manager");
    const branding = (method: "PATCH" | "POST", path: string, body?: unknown) =>
      call(`/v1/operator/branding${path}`, { token: manager.idToken, method, account: "harbor", body });
    const drafted = await branding("PATCH", "", { name: "Harbor Sailing Co", primaryColor: "#9f1239" });
    expect(drafted.status).toBe(200);

    const early = await bookingUser(harbor);
    await confirmedBooking(early, harbor, (await createSlot(db(), harbor.serviceId)).id, 1, { account: "harbor" });
    const before = await confirmationOf(early.email);
    expect(before.senderName).toBe("Harbor & Tide");
    expect(before.htmlBody).toContain("background-color:#0F766E;color:#ffffff");
    expect(before.htmlBody).not.toContain("Harbor Sailing Co");

    expect((await branding("POST", "/publish")).status).toBe(200);
    const later = await bookingUser(harbor);
    await confirmedBooking(later, harbor, (await createSlot(db(), harbor.serviceId)).id, 1, { account: "harbor" });
    const after = await confirmationOf(later.email);
    expect(after.senderName).toBe("Harbor Sailing Co");
    expect(after.htmlBody.toLowerCase()).toContain("background-color:#9f1239;color:#ffffff");
    expect(after.htmlBody).toContain("Sent by Harbor Sailing Co.");
    expect(after.textBody.trimEnd().endsWith("— Harbor Sailing Co")).toBe(true);
  });
});
