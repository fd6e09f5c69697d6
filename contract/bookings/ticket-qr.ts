import { renderSVG } from "uqr";

/**
 * The one QR drawing of a ticket code (./ticket-code.ts), used by the booking page (inline SVG,
 * rendered on the server), the confirmation email (a PNG of this SVG: api/bookings/ticket-png.ts)
 * and the tests. An SVG document, black on white, with its quiet zone; its content is the bare
 * code, so any scanner app shows what the console accepts. Server-side only (keeps uqr out of
 * the client bundle).
 */
export function ticketQrSvg(code: string, pixelSize = 8): string {
  return renderSVG(code, { ecc: "M", pixelSize });
}
