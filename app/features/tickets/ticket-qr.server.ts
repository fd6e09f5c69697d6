import { ticketQrSvg } from "~contract/bookings/ticket-qr";

/** The booking page's QR code of the ticket (inline SVG made on the server: no QR code library in the browser). */
export const ticketQrMarkup = (code: string | null): string | null => (code ? ticketQrSvg(code, 6) : null);
