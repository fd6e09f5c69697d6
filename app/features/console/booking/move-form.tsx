import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import type { loadConsoleBookingPage } from "~/features/console/console-booking.server";
import { MoveDepartureSelect } from "~/features/console/move-departure-select";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { CardSection } from "~/ui/labelled-section";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

const DIFFERENCES = ["refund", "charge", "waive"] as const;

/**
 * "Move to another departure" (owners and managers, a confirmed booking): the service's upcoming
 * departures with room, by day, and what becomes of a price difference. A native POST (intent
 * `move`); the API checks the room, the price and the guest's state again.
 */
export function MoveForm() {
  const { move } = useLoaderData<typeof loadConsoleBookingPage>();
  const { t } = useTranslation();
  const lastResult = useFormResult("move");
  const [form, fields] = useForm({ id: "move", lastResult, shouldValidate: "onSubmit" });
  const pending = useIsPending();
  if (!move) return null;
  return (
    <CardSection headingId="move-heading" heading={t("desk.move.bookingTitle")} className="mt-8 max-w-xl">
      {move.choices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="move-none">
          {t("desk.move.noChoices")}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
          <FormError errors={form.errors} id={form.errorId} />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="idempotencyKey" value={move.idempotencyKey} />
          <MoveDepartureSelect
            field={fields.toSlotId}
            choices={move.choices}
            label={t("desk.move.target")}
            hint={t("desk.move.targetHint")}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("desk.move.difference")}</legend>
            <p id="move-difference-hint" className="text-xs text-slate-600">
              {t("desk.move.differenceHint")}
            </p>
            <div className="mt-1 space-y-1">
              {DIFFERENCES.map((choice) => (
                <div key={choice} className="flex items-center gap-2">
                  <input
                    id={`move-difference-${choice}`}
                    type="radio"
                    name="difference"
                    value={choice}
                    defaultChecked={choice === "refund"}
                    aria-describedby="move-difference-hint"
                    className="h-4 w-4"
                  />
                  <label htmlFor={`move-difference-${choice}`} className="text-sm text-slate-800">
                    {t(`desk.move.difference_${choice}`)}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <SubmitButton pending={pending} label={t("desk.move.submit")} pendingLabel={t("desk.move.submitting")} />
        </Form>
      )}
    </CardSection>
  );
}
