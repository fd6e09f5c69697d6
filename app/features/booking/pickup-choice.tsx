import type { OfferedPickupPoint } from "~contract/bookings/pickup-points";
import { useTranslation } from "~/platform/i18n-react";

/**
 * The pickup points on offer (issue 46, item 3): a radio each, with its pickup time at this
 * departure in the experience's zone; "no pickup" too unless one is required. Part of the Pay
 * form (no JavaScript needed); `error`: the refusal's locale key.
 */
export function PickupChoice({
  offered,
  timezone,
  chosen,
  error,
}: {
  offered: { required: boolean; points: OfferedPickupPoint[] };
  timezone: string;
  chosen: string | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  if (offered.points.length === 0) return null;
  const hintId = "pickup-hint";
  const errorId = "pickup-error";
  return (
    <fieldset
      className="mb-4 rounded-xl border border-slate-200 p-4"
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
    >
      <legend className="px-1 text-sm font-semibold">
        {t("pickupPoints.choose")}
        {offered.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <p id={hintId} className="text-sm text-slate-600">
        {t("pickupPoints.chooseHint", { zone: timezone })}
      </p>
      {offered.points.map((point) => (
        <label key={point.id} className="flex items-start gap-2 py-1" data-testid="pickup-choice">
          <input
            type="radio"
            name="pickupPointId"
            value={point.id}
            required={offered.required}
            defaultChecked={chosen === point.id}
            className="mt-1 h-4 w-4"
          />
          <span>
            {t("pickupPoints.option", { name: point.name, time: point.localTime })}
            {point.address ? <span className="block text-sm text-slate-600">{point.address}</span> : null}
          </span>
        </label>
      ))}
      {offered.required ? null : (
        <label className="flex items-center gap-2 py-1">
          <input type="radio" name="pickupPointId" value="" defaultChecked={!chosen} className="h-4 w-4" />
          {t("pickupPoints.noPickup")}
        </label>
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
