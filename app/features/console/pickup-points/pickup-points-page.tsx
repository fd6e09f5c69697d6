import { useLoaderData } from "@remix-run/react";
import type { PickupPoint } from "~contract/bookings/pickup-points";
import { ExperienceListItem, ExperienceListPage } from "~/features/console/experience-list-page";
import { useIntentForm } from "~/features/console/use-intent-form";
import type { loadPickupPointsPage } from "~/features/console/pickup-points.server";
import { useTranslation } from "~/platform/i18n-react";
import { CardSection } from "~/ui/labelled-section";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { asText } from "../prices/use-price-form";

/** One experience's pickup points: whether one is required, the list (each changed or removed) and a form to add one. No JavaScript needed. */
export function PickupPointsPage() {
  const { page } = useLoaderData<typeof loadPickupPointsPage>();
  const { t } = useTranslation();
  return (
    <ExperienceListPage
      intro={t("pickupPoints.intro", { zone: page.experience.timezone })}
      before={
        <CardSection headingId="pickup-required-heading" heading={t("pickupPoints.requiredHeading")} className="mt-6">
          <RequiredForm required={page.required} />
        </CardSection>
      }
      list={{
        headingId: "pickup-points-heading",
        heading: t("pickupPoints.listHeading"),
        none: t("pickupPoints.none"),
        items: page.points,
        row: (point) => <PickupPointRow key={point.id} point={point} />,
      }}
      add={{ headingId: "new-pickup-point-heading", heading: t("pickupPoints.add"), form: <PointForm /> }}
    />
  );
}

function RequiredForm({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "required" });
  return (
    <IntentForm intent="required" className="mt-2 space-y-3" aria-labelledby="pickup-required-heading">
      <label className="flex items-center gap-2">
        <input type="checkbox" name="required" defaultChecked={required} className="h-4 w-4" />
        {t("pickupPoints.requiredLabel")}
      </label>
      <SubmitButton pending={pending} label={t("pickupPoints.saveRequired")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}

function PickupPointRow({ point }: { point: PickupPoint }) {
  const { t } = useTranslation();
  return (
    <ExperienceListItem
      testId="pickup-point"
      name={point.name}
      description={point.address}
      facts={[t("pickupPoints.minutesBeforeIs", { count: point.minutesBefore })]}
      remove={{ values: { pickupPointId: point.id }, label: t("pickupPoints.remove", { name: point.name }) }}
    >
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-ink">
          {t("pickupPoints.edit", { name: point.name })}
        </summary>
        <PointForm point={point} />
      </details>
    </ExperienceListItem>
  );
}

/** The add form, or a point's own form to change it (`point`). */
function PointForm({ point }: { point?: PickupPoint }) {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loadPickupPointsPage>();
  const intent = point ? "edit" : "add";
  const validation = useFormValidation(
    () => import("~/features/console/pickup-point-schemas"),
    (schemas) => (point ? schemas.EditPickupPointSchema : schemas.AddPickupPointSchema),
  );
  const [form, fields] = useIntentForm(
    "pickup-points",
    point ? `edit:${point.id}` : "add",
    point ? constraints.edit : constraints.add,
    validation,
    point
      ? {
          name: point.name,
          address: point.address,
          latitude: point.location ? String(point.location.lat) : "",
          longitude: point.location ? String(point.location.lng) : "",
          minutesBefore: String(point.minutesBefore),
        }
      : {},
  );
  const pending = useIsPending({ intent });
  const labelledBy = point ? undefined : "new-pickup-point-heading";
  return (
    <IntentForm
      meta={form}
      intent={intent}
      values={point ? { pickupPointId: point.id } : undefined}
      className="mt-2 space-y-3"
      aria-labelledby={labelledBy}
      aria-label={point ? t("pickupPoints.edit", { name: point.name }) : undefined}
    >
      <TextField field={asText(fields.name)} label={t("pickupPoints.name")} />
      <TextField field={asText(fields.address)} label={t("pickupPoints.address")} />
      <TextField
        field={asText(fields.minutesBefore)}
        label={t("pickupPoints.minutesBefore")}
        hint={t("pickupPoints.minutesBeforeHint")}
        inputMode="numeric"
      />
      <TextField
        field={asText(fields.latitude)}
        label={t("pickupPoints.latitude")}
        hint={t("pickupPoints.coordinatesHint")}
        inputMode="decimal"
      />
      <TextField field={asText(fields.longitude)} label={t("pickupPoints.longitude")} inputMode="decimal" />
      <SubmitButton
        pending={pending}
        label={point ? t("pickupPoints.save", { name: point.name }) : t("pickupPoints.addButton")}
        pendingLabel={t("login.saving")}
      />
    </IntentForm>
  );
}
