import type { BookingHistory } from "~contract/operator/guest-messages";
import { useTranslation } from "~/platform/i18n-react";
import { formatDateTime } from "~/ui/date-format";
import { HistoryTable } from "~/ui/history-table";
import { auditSentence } from "../audit-sentence";

/**
 * A booking's history, newest first: each message written to its guest (who sent it, its subject,
 * channels and text) and each change the audit log records (a guide's has no entry about money).
 */
export function BookingHistoryList({ items, timeZone }: { items: BookingHistory["items"]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <HistoryTable
      headingId="booking-history-heading"
      heading={t("desk.messages.historyHeading")}
      className="mt-8 max-w-2xl"
      rows={items}
      empty={t("desk.messages.historyEmpty")}
      caption={t("desk.messages.historyCaption")}
      columns={[t("desk.messages.colWhen"), t("desk.messages.colWhat")]}
      alignFrom={[]}
      data-testid="booking-history"
      row={(item) => (
        <tr
          key={item.kind === "message" ? item.message.id : item.entry.id}
          className="border-t border-slate-200 align-top"
          data-testid={`history-${item.kind}`}
        >
          <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(item.at, { timeZone, locale })}</td>
          <td className="py-1">
            {item.kind === "message" ? (
              <>
                {t("desk.messages.messageLine", {
                  sender: item.message.sentBy.name ?? item.message.sentBy.email ?? t("desk.messages.someone"),
                  subject: item.message.subject,
                  channels: [
                    item.message.email ? t("desk.messages.channel_email") : null,
                    item.message.sms ? t("desk.messages.channel_sms") : null,
                  ]
                    .filter(Boolean)
                    .join(", "),
                })}
                <p className="mt-1 whitespace-pre-line text-slate-700">{item.message.body}</p>
              </>
            ) : (
              auditSentence(item.entry, { t, locale, timeZone })
            )}
          </td>
        </tr>
      )}
    />
  );
}
