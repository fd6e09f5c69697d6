import { Form, useLoaderData } from "@remix-run/react";
import { BookingFactsCard, RefundHistory } from "~/features/console/booking/booking-facts";
import { useTranslation } from "~/platform/i18n-react";
import { SUPPORT_PATH } from "./admin-paths";
import { Button } from "~/ui/button";
import { SearchFilterField } from "~/ui/filter-fields";
import { LabelledSection } from "~/ui/labelled-section";
import { AlertMessage } from "~/ui/status-message";
import type { loadSupport } from "./support.server";

/** /admin/support: find a traveller's booking (GET form) and see it as its operator does, read-only. */
export function SupportPage() {
  const { q, found, refused, title } = useLoaderData<typeof loadSupport>();
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`admin.support.${key}`, values);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">{k("intro")}</p>
      <Form method="get" action={SUPPORT_PATH} className="mt-4 space-y-3" role="search" aria-label={k("searchLabel")}>
        {refused ? <AlertMessage>{k("refused")}</AlertMessage> : null}
        <SearchFilterField id="support-q" label={k("q")} hint={k("qHint")} value={q} />
        <Button type="submit">{k("find")}</Button>
      </Form>
      {found ? (
        <LabelledSection
          headingId="found-heading"
          heading={k("found", { count: found.items.length, kind: k(`kind_${found.kind}`) })}
          headingClassName="mt-8 text-lg font-semibold"
          data-testid="support-results"
        >
          {found.items.map(({ operator, booking }) => (
            <article
              key={booking.booking.id}
              className="mt-4 max-w-2xl"
              data-testid="support-booking"
              aria-labelledby={`booking-${booking.booking.id}`}
            >
              <h3 id={`booking-${booking.booking.id}`} className="font-semibold">
                {booking.booking.reference} · {operator.name}
                {operator.status === "suspended" ? ` (${t("admin.operators.status_suspended")})` : ""}
              </h3>
              <BookingFactsCard page={booking} className="mt-2" id={`facts-${booking.booking.id}`} />
              {booking.money ? (
                <RefundHistory
                  refunds={booking.money.refunds}
                  timeZone={booking.booking.timezone}
                  id={`refunds-${booking.booking.id}`}
                />
              ) : null}
            </article>
          ))}
        </LabelledSection>
      ) : null}
    </>
  );
}
