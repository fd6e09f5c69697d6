import { getInputProps, useForm } from "@conform-to/react";
import { Button } from "~/ui/button";
import { useLoaderData } from "@remix-run/react";
import type { OperatorDeparture } from "~contract/operator/schedules";
import { useTranslation } from "~/platform/i18n-react";
import { FieldError } from "~/ui/form-parts";
import { useFormResult } from "~/ui/use-form-result";
import type { DeparturesPageData } from "./departures-data";
import { IntentForm } from "~/ui/intent-form";
import { LabelledSelect } from "~/ui/labelled-select";

/** The departure's guide: a select of the team (or none) and its own submit; works without JavaScript. */
export function GuideForm({ departure, when }: { departure: OperatorDeparture; when: string }) {
  const { guides } = useLoaderData<DeparturesPageData>();
  const { t } = useTranslation();
  return (
    <IntentForm intent="guide" values={{ departureId: departure.id }} className="flex items-end gap-2">
      <LabelledSelect
        id={`guide-${departure.id}`}
        name="guideUserId"
        label={t("manifest.guide")}
        value={departure.guide?.userId ?? ""}
        choices={guides.map((guide) => ({ value: guide.userId, label: guide.name }))}
        unset={t("manifest.noGuide")}
        width="max-w-48"
      />
      <Button aria-label={t("manifest.assignGuideWhen", { when })}>{t("manifest.assignGuide")}</Button>
    </IntentForm>
  );
}

export function CapacityForm({ departure }: { departure: OperatorDeparture }) {
  const { capacityConstraint } = useLoaderData<DeparturesPageData>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `capacity-${departure.id}`,
    lastResult: useFormResult(`capacity:${departure.id}`),
    constraint: capacityConstraint,
    defaultValue: { capacity: String(departure.capacity) },
    shouldRevalidate: "onInput",
  });
  const error = fields.capacity.errors?.[0];
  const [key, taken] = error?.startsWith("schedules.capacityBelowTaken:") ? error.split(":") : [error, undefined];
  return (
    <IntentForm meta={form} intent="capacity" values={{ departureId: departure.id }} className="flex items-end gap-2">
      <div>
        <label htmlFor={fields.capacity.id} className="block text-sm font-medium text-slate-800">
          {t("schedules.capacity")}
        </label>
        <input
          {...getInputProps(fields.capacity, { type: "number", ariaAttributes: false })}
          key={fields.capacity.key}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fields.capacity.errorId : undefined}
          autoFocus={Boolean(error)}
          className="mt-1 block w-24 rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        {taken !== undefined ? (
          <p id={fields.capacity.errorId} className="mt-1 text-sm text-red-700" role="alert">
            {t("schedules.capacityBelowTaken", { count: Number(taken) })}
          </p>
        ) : key ? (
          <FieldError field={{ errors: [key], errorId: fields.capacity.errorId }} />
        ) : null}
      </div>
      <Button variant="primary">{t("schedules.saveCapacity")}</Button>
    </IntentForm>
  );
}
