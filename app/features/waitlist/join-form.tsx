import { useLoaderData } from "@remix-run/react";
import { getInputProps, useForm } from "@conform-to/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { formatDateTime } from "~/ui/date-format";
import { FieldError, SubmitButton } from "~/ui/form-parts";
import { useIsPending } from "~/ui/use-is-pending";
import type { WaitlistDeparture } from "~contract/waitlist/requests";
import type { loadWaitlist } from "~/features/waitlist/waitlist.server";
import { CardSection } from "~/ui/labelled-section";
import { IntentForm } from "~/ui/intent-form";

/** Joining a sold-out departure's waitlist: the departure named, and the party's size. */
export function JoinForm({ departure }: { departure: WaitlistDeparture }) {
  const { serviceId, slotId } = departure;
  const { t, i18n } = useTranslation();
  const { constraint } = useLoaderData<typeof loadWaitlist>();
  const lastResult = useFormResult("join");
  const [form, fields] = useForm({
    id: "waitlist-join",
    lastResult,
    constraint,
    defaultValue: { seats: "1" },
    shouldValidate: "onSubmit",
  });
  const pending = useIsPending({ intent: "join" });
  return (
    <CardSection headingId="join-heading" heading={t("waitlist.joinTitle")} plainHeading className="mt-6">
      <p className="mt-2 font-semibold" data-testid="waitlist-join-departure">
        {departure.experienceTitle} — {departure.serviceName}
      </p>
      <p className="text-sm text-slate-700">
        <time dateTime={departure.startsAt}>
          {formatDateTime(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language })}
        </time>{" "}
        ({departure.timezone})
      </p>
      <p className="mt-1 text-sm text-slate-700">{t("waitlist.joinHint")}</p>
      <IntentForm meta={form} intent="join" values={{ serviceId, slotId }} className="mt-3 space-y-3">
        <div>
          <label htmlFor={fields.seats.id} className="block text-sm font-medium">
            {t("waitlist.seats")}
          </label>
          <input
            {...getInputProps(fields.seats, { type: "number" })}
            className="mt-1 w-24 rounded-md border border-slate-400 px-3 py-2"
          />
          <FieldError field={fields.seats} />
        </div>
        <SubmitButton pending={pending} label={t("waitlist.join")} pendingLabel={t("waitlist.joining")} />
      </IntentForm>
    </CardSection>
  );
}
