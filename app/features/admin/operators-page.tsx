import type { FieldMetadata } from "@conform-to/react";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { OPERATOR_STATUSES } from "~contract/platform/statuses";
import type { AdminOperator } from "~contract/platform/outputs";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { DataTable } from "~/ui/data-table";
import { CursorPager, listHref, SearchFilterField } from "~/ui/filter-fields";
import { formatMoney } from "~/ui/format";
import { IntentForm } from "~/ui/intent-form";
import { LabelledSelect } from "~/ui/labelled-select";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { TextAreaField } from "~/ui/text-area-field";
import { useFormErrors } from "~/ui/use-form-result";
import { useIntentForm } from "~/features/console/use-intent-form";
import { useFormValidation } from "~/ui/use-form-validation";
import { OPERATORS_PATH, operatorMoneyPath } from "./admin-paths";
import type { loadOperators } from "./operators.server";

type Row = AdminOperator & { storefrontUrl: string };

/** Suspending asks for the reason first (a native disclosure: without JavaScript too). */
function SuspendForm({ operator }: { operator: Row }) {
  const { suspendConstraint } = useLoaderData<typeof loadOperators>();
  const { t } = useTranslation();
  const id = `suspend:${operator.id}`;
  const [form, fields] = useIntentForm(
    "operators",
    id,
    suspendConstraint,
    useFormValidation(
      () => import("~/features/admin/admin-schemas"),
      (schemas) => schemas.SuspendSchema,
    ),
  );
  const open = Boolean(form.errors?.length || fields.reason.errors?.length);
  return (
    <details className="text-sm" open={open || undefined}>
      <summary className="cursor-pointer rounded-md border border-red-300 px-3 py-2 font-medium text-red-800">
        {t("admin.operators.suspendAsk")}
        <span className="sr-only"> {operator.name}</span>
      </summary>
      <IntentForm
        intent="suspend"
        meta={form}
        values={{ accountId: operator.id }}
        className="mt-2 w-64 max-w-full space-y-2"
      >
        <TextAreaField
          field={fields.reason as FieldMetadata<string | undefined>}
          label={t("admin.operators.reason", { name: operator.name })}
          hint={t("admin.operators.reasonHint")}
          rows={3}
        />
        <Button variant="dangerSolid">{t("admin.operators.suspend", { name: operator.name })}</Button>
      </IntentForm>
    </details>
  );
}

function ReinstateForm({ operator }: { operator: Row }) {
  const { t } = useTranslation();
  const errors = useFormErrors(`reinstate:${operator.id}`);
  return (
    <IntentForm intent="reinstate" errors={errors} values={{ accountId: operator.id }}>
      <Button>{t("admin.operators.reinstate", { name: operator.name })}</Button>
    </IntentForm>
  );
}

function OperatorRow({ operator }: { operator: Row }) {
  const { t, i18n } = useTranslation();
  const suspended = operator.status === "suspended";
  return (
    <tr data-testid="operator-row" data-slug={operator.slug} data-status={operator.status} className="align-top">
      <th scope="row" className="py-2 pr-4 text-left font-normal">
        <span className="font-medium">{operator.name}</span>
        <a href={operator.storefrontUrl} className="block text-brand-ink underline">
          {operator.slug}
        </a>
        <Link to={operatorMoneyPath(operator.id)} className="block text-sm text-brand-ink underline">
          {t("admin.operators.money")}
          <span className="sr-only"> {operator.name}</span>
        </Link>
      </th>
      <td className="py-2 pr-4">
        {t(`admin.operators.status_${operator.status}`)}
        {suspended && operator.suspensionReason ? (
          <p className="mt-1 max-w-xs whitespace-pre-line text-xs text-slate-700">{operator.suspensionReason}</p>
        ) : null}
      </td>
      <td className="py-2 pr-4 text-right">{operator.last30Days.bookings}</td>
      <td className="whitespace-nowrap py-2 pr-4 text-right">
        {formatMoney(operator.last30Days.revenueMinor, operator.currency, i18n.language)}
      </td>
      <td className="py-2">
        {suspended ? <ReinstateForm operator={operator} /> : <SuspendForm operator={operator} />}
      </td>
    </tr>
  );
}

/** /admin/operators: every operator, searched (GET form), with its 30 days; suspend or reinstate. */
export function OperatorsPage() {
  const { list, filters, refused, paged, flash, title } = useLoaderData<typeof loadOperators>();
  const { t } = useTranslation();
  const k = (key: string) => t(`admin.operators.${key}`);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <Form method="get" action={OPERATORS_PATH} className="mt-4 space-y-4" aria-labelledby="operators-search-heading">
        <h2 id="operators-search-heading" className="sr-only">
          {k("searchHeading")}
        </h2>
        {refused ? <AlertMessage>{k("refused")}</AlertMessage> : null}
        <SearchFilterField id="operators-q" label={k("q")} hint={k("qHint")} value={filters.q} />
        <div className="flex flex-wrap items-end gap-4">
          <LabelledSelect
            id="operators-status"
            name="status"
            label={k("status")}
            value={filters.status}
            unset={k("anyStatus")}
            choices={OPERATOR_STATUSES.map((status) => ({ value: status, label: k(`status_${status}`) }))}
          />
          <Button type="submit">{k("search")}</Button>
        </div>
      </Form>
      <DataTable
        rows={list.items}
        empty={k("empty")}
        className="mt-6"
        caption={title}
        columns={[k("operator"), k("status"), k("bookings30"), k("revenue30"), k("actions")]}
        alignFrom={[2, 3]}
        data-testid="operators"
        row={(operator) => <OperatorRow key={operator.id} operator={operator} />}
      />
      <CursorPager
        label={k("pages")}
        first={paged ? listHref(OPERATORS_PATH, filters) : null}
        next={list.nextCursor ? listHref(OPERATORS_PATH, filters, list.nextCursor) : null}
      />
    </>
  );
}
