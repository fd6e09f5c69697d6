import { useLoaderData } from "@remix-run/react";
import type { ResellerOutput } from "~contract/operator/resellers";
import type { loadResellersPage } from "~/features/console/resellers.server";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { DateFilterField } from "~/ui/date-filter-field";

/** The address of a reseller's monthly statement as a CSV download (?month=YYYY-MM). */
export const resellerStatementPath = (resellerId: string) => `/console/resellers/${resellerId}/statement.csv`;

/**
 * A reseller's monthly statement: a month (this month in the operator's zone unless changed) and a
 * plain GET form that downloads the CSV (a native form: no JavaScript needed, the browser saves the file).
 */
export function StatementForm({ reseller }: { reseller: ResellerOutput }) {
  const { t } = useTranslation();
  const { currentMonth } = useLoaderData<typeof loadResellersPage>();
  return (
    <form
      method="get"
      action={resellerStatementPath(reseller.id)}
      className="space-y-2"
      data-testid="reseller-statement"
    >
      <DateFilterField
        type="month"
        id={`statement-month-${reseller.id}`}
        name="month"
        label={t("resellers.statementMonth")}
        value={currentMonth}
        required
      />
      <Button aria-label={t("resellers.statementFor", { name: reseller.name })}>{t("resellers.statement")}</Button>
    </form>
  );
}
