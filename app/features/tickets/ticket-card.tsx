import { groupTicketCode } from "~contract/bookings/ticket-code";
import { useTranslation } from "~/platform/i18n-react";
import { CardSection } from "~/ui/labelled-section";

/**
 * The traveller's ticket on the booking page: its QR code (an SVG made on the server from our
 * own encoder, never from input) and the code as text, grouped in fours for reading aloud.
 */
export function TicketCard({ code, qrSvg }: { code: string; qrSvg: string }) {
  const { t } = useTranslation();
  const grouped = groupTicketCode(code);
  return (
    <CardSection headingId="ticket-heading" heading={t("tickets.heading")} plainHeading data-testid="ticket">
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <div
          role="img"
          aria-label={t("tickets.qrLabel", { code: grouped })}
          className="h-44 w-44 shrink-0 [&>svg]:h-full [&>svg]:w-full"
          data-testid="ticket-qr"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <div className="space-y-2 text-sm">
          <p className="font-medium text-slate-600">{t("tickets.codeLabel")}</p>
          <p className="font-mono text-lg font-semibold tracking-wider text-brand-ink" data-testid="ticket-code">
            {grouped}
          </p>
          <p className="text-slate-700">{t("tickets.help")}</p>
        </div>
      </div>
    </CardSection>
  );
}
