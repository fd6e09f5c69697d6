import { useTranslation } from "~/platform/i18n-react";
import type { OutboxMessage } from "~contract/system/outbox";
import { formatDateTime, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { attachmentHref, type AttachmentSummary } from "./attachments";

/** A message as the dev mailbox page gets it: attachments summarised, their content left on the server. */
export type MailboxMessage = Omit<OutboxMessage, "attachments"> & { attachments: AttachmentSummary[] };

function FileSize({ bytes }: { bytes: number }) {
  const { i18n } = useTranslation();
  const [value, unit] = bytes < 1024 ? [bytes, "byte"] : [bytes / 1024, "kilobyte"];
  const format = new Intl.NumberFormat(i18n.language, { style: "unit", unit, maximumFractionDigits: 1 });
  return <>{format.format(value)}</>;
}

/**
 * One message: its HTML as the recipient's mail client would show it (in a sandboxed frame: no
 * scripts, no access to this page; links open in a new tab), its text version and its
 * attachments to download.
 */
export function MailMessage({ message }: { message: MailboxMessage }) {
  const { t, i18n } = useTranslation();
  const headingId = `mail-${message.id}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="mail" aria-labelledby={headingId}>
      <p className="text-sm text-slate-600">
        {formatDateTime(message.createdAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language })} ·{" "}
        {message.senderName ? `${t("mailbox.from")} ${message.senderName} · ` : null}
        {t("mailbox.to")} {message.recipient} · {t("mailbox.status")} {message.status}
      </p>
      <h2 id={headingId} className="mt-1 font-semibold">
        {message.subject}
      </h2>
      {message.htmlBody ? (
        <details className="mt-2" open>
          <summary className="cursor-pointer text-sm font-medium">{t("mailbox.html")}</summary>
          <iframe
            title={t("mailbox.htmlFrame", { subject: message.subject })}
            srcDoc={message.htmlBody}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            className="mt-2 h-[32rem] w-full rounded-md border border-slate-200 bg-white"
            data-testid="mail-html"
          />
        </details>
      ) : null}
      <details className="mt-2" open={!message.htmlBody}>
        <summary className="cursor-pointer text-sm font-medium">{t("mailbox.text")}</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800" data-testid="mail-text">
          {message.textBody}
        </pre>
      </details>
      {message.attachments.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-sm font-medium">{t("mailbox.attachments")}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {message.attachments.map((file, index) => (
              <li key={`${index}-${file.name}`}>
                <a
                  href={attachmentHref(message.id, index)}
                  download={file.name}
                  className="font-medium text-brand-ink underline"
                  data-testid="mail-attachment"
                >
                  {file.name}
                </a>{" "}
                <span className="text-slate-600">
                  ({file.contentType}, <FileSize bytes={file.size} />)
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
