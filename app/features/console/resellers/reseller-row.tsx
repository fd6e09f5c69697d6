import { Link, useLoaderData } from "@remix-run/react";
import type { ResellerOutput } from "~contract/operator/resellers";
import type { loadResellersPage } from "~/features/console/resellers.server";
import { useTranslation } from "~/platform/i18n-react";
import { AskFirst } from "~/ui/ask-first";
import { formatDate, formatDateTime } from "~/ui/date-format";
import { formatPercent } from "~/ui/format";
import { IntentButton } from "~/ui/intent-button";
import { RowHeader, ROW_CELL } from "~/ui/row-header";
import { StatementForm } from "./statement-form";

type Key = ResellerOutput["keys"][number];

/**
 * A reseller's row: name and contact, commission, what it may sell (every published experience or
 * the list), its keys (last 4, made, last used, revoked; each working one revocable, asked first),
 * "Create an API key", when it was added, and its monthly statement (a CSV download). Dates in
 * the operator's zone.
 */
export function ResellerRow({ reseller }: { reseller: ResellerOutput }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useLoaderData<typeof loadResellersPage>();
  return (
    <tr data-testid="reseller">
      <RowHeader sub={reseller.contactEmail}>{reseller.name}</RowHeader>
      <td className={`${ROW_CELL} text-right text-slate-800`}>
        <span data-testid="reseller-commission">{formatPercent(reseller.commissionBps / 100, i18n.language)}</span>
        <Link
          to={`/console/resellers/${reseller.id}/net-rates`}
          aria-label={t("resellers.netRatesOf", { name: reseller.name })}
          className="mt-1 block font-medium text-brand underline"
        >
          {t("resellers.netRates")}
        </Link>
      </td>
      <td className={`${ROW_CELL} text-slate-800`} data-testid="reseller-sells">
        {reseller.experiences === null ? (
          t("resellers.sellsAll")
        ) : (
          <ul className="space-y-1">
            {reseller.experiences.map((experience) => (
              <li key={experience.id}>{experience.title}</li>
            ))}
          </ul>
        )}
      </td>
      {/* relative: the revocation's hidden words (sr-only, absolute) stay in the table's scroll box. */}
      <td className={`${ROW_CELL} relative min-w-[16rem]`}>
        {reseller.keys.length === 0 ? (
          <p className="text-slate-700">{t("resellers.noKeys")}</p>
        ) : (
          <ul className="space-y-3">
            {reseller.keys.map((key) => (
              <KeyItem key={key.id} reseller={reseller} resellerKey={key} timeZone={timeZone} />
            ))}
          </ul>
        )}
        <IntentButton
          aria-label={t("resellers.createKeyFor", { name: reseller.name })}
          intent="createKey"
          formId={`createKey:${reseller.id}`}
          values={{ resellerId: reseller.id }}
          className="mt-3"
        >
          {t("resellers.createKey")}
        </IntentButton>
      </td>
      <td className={`${ROW_CELL} whitespace-nowrap text-slate-700`}>
        {formatDate(reseller.createdAt, { timeZone, locale: i18n.language })}
      </td>
      <td className={ROW_CELL}>
        <StatementForm reseller={reseller} />
      </td>
    </tr>
  );
}

/** One key: its last 4, when made and last used, revoked or a way to revoke it. */
function KeyItem({
  reseller,
  resellerKey: key,
  timeZone,
}: {
  reseller: ResellerOutput;
  resellerKey: Key;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const at = (instant: string) => formatDateTime(instant, { timeZone, locale: i18n.language });
  const words = [
    t("resellers.keyEnding", { last4: key.last4 }),
    t("resellers.keyCreated", { date: at(key.createdAt) }),
    key.lastUsedAt ? t("resellers.keyLastUsed", { date: at(key.lastUsedAt) }) : t("resellers.keyNeverUsed"),
    key.revokedAt ? t("resellers.keyRevoked", { date: at(key.revokedAt) }) : null,
  ];
  return (
    <li data-testid="reseller-key" data-revoked={key.revokedAt ? "true" : "false"}>
      <p className="text-slate-800">{words.filter(Boolean).join(" · ")}</p>
      {key.revokedAt ? null : (
        <div className="mt-1">
          <AskFirst
            intent="revokeKey"
            values={{ resellerId: reseller.id, keyId: key.id }}
            formId={`revokeKey:${key.id}`}
            ask={t("resellers.revokeAsk")}
            about={t("resellers.keyEnding", { last4: key.last4 })}
            question={t("resellers.revokeConfirm", { last4: key.last4, name: reseller.name })}
            act={t("resellers.revokeWho", { last4: key.last4 })}
          />
        </div>
      )}
    </li>
  );
}
