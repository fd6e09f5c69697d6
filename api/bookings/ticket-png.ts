import sharp from "sharp";
import { ticketQrSvg } from "~contract/bookings/ticket-qr";
import type { OutboxAttachment } from "../db/schema";

/** The ticket's QR code as a PNG (email clients block SVG): the same drawing, rasterised by sharp. */
export async function ticketQrPng(code: string): Promise<Buffer> {
  return sharp(Buffer.from(ticketQrSvg(code, 8), "utf8"))
    .png()
    .toBuffer();
}

/** The confirmation email's ticket attachment (ticket.png). */
export async function ticketQrAttachment(code: string): Promise<OutboxAttachment> {
  return { name: "ticket.png", contentType: "image/png", content: (await ticketQrPng(code)).toString("base64") };
}
