import { Link } from "@remix-run/react";
import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n-react";
import { CheckboxList } from "~/ui/checkbox-list";
import { SelectField } from "~/ui/select-field";
import { TextAreaField as TextArea } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import type { ExperienceFormOptions } from "./experience-options.server";

type Field = FieldMetadata<string | undefined>;
type Option = { value: string; label: string };

/** The languages as checkboxes (one name, several values). */
function Languages({ field, options }: { field: FieldMetadata<string[] | undefined>; options: Option[] }) {
  const { t } = useTranslation();
  return (
    <CheckboxList
      field={field}
      legend={t("operatorExperiences.languages")}
      options={options}
      className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4"
    />
  );
}

export type ExperienceFields = Record<
  | "title"
  | "summary"
  | "description"
  | "city"
  | "country"
  | "category"
  | "durationMinutes"
  | "meetingPoint"
  | "latitude"
  | "longitude"
  | "included"
  | "cancellationPolicy"
  | "timezone",
  Field
> & { languages: FieldMetadata<string[] | undefined>; capacity?: Field };

/**
 * The experience's zone, asked once for all its services: creating, "automatic" comes first (the
 * meeting point's place, else the operator's zone); editing, the zone it has.
 */
function ZoneField({ field, options, creating }: { field: Field; options: ExperienceFormOptions; creating: boolean }) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, string>) => t(`operatorExperiences.${key}`, values);
  const zones = options.zones.map((zone) => ({
    value: zone,
    label: zone === options.operatorZone ? k("operatorZone", { zone }) : zone,
  }));
  return (
    <SelectField
      field={field}
      label={k("timezone")}
      options={zones}
      placeholder={creating ? k("timezoneAutomatic") : undefined}
      hint={creating ? k("timezoneAutomaticHint", { zone: options.operatorZone }) : k("timezoneHint")}
    />
  );
}

/** The fields of the experience form (create and edit), in the order an operator thinks of them. */
export function ExperienceFormFields({
  fields,
  options,
  pricesPath,
}: {
  fields: ExperienceFields;
  options: ExperienceFormOptions;
  /**
   * Editing: guests per departure belong to each service, changed on its prices page (linked
   * here) rather than in a field this form could not save. Creating (no path): the first service's.
   */
  pricesPath?: string;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`operatorExperiences.${key}`);
  return (
    <div className="space-y-4">
      <TextField field={fields.title} label={k("titleLabel")} />
      <TextField field={fields.summary} label={k("summary")} hint={k("summaryHint")} />
      <TextArea field={fields.description} label={k("description")} rows={6} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.city} label={k("city")} autoComplete="off" />
        <SelectField
          field={fields.country}
          label={k("country")}
          options={options.countries}
          placeholder={k("choose")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.category}
          label={k("category")}
          options={options.categories}
          placeholder={k("choose")}
        />
        <TextField field={fields.durationMinutes} label={k("duration")} inputMode="numeric" hint={k("durationHint")} />
      </div>
      {pricesPath ? (
        <p className="text-sm text-slate-700" data-testid="capacity-elsewhere">
          {k("capacityPerService")}{" "}
          <Link to={pricesPath} className="font-medium text-brand-ink underline">
            {k("capacityWhere")}
          </Link>
        </p>
      ) : fields.capacity ? (
        <TextField field={fields.capacity} label={k("capacity")} inputMode="numeric" hint={k("capacityHint")} />
      ) : null}
      <TextField field={fields.meetingPoint} label={k("meetingPoint")} hint={k("meetingPointHint")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.latitude} label={k("latitude")} inputMode="decimal" hint={k("coordinatesHint")} />
        <TextField field={fields.longitude} label={k("longitude")} inputMode="decimal" hint={k("coordinatesHint")} />
      </div>
      <ZoneField field={fields.timezone} options={options} creating={!pricesPath} />
      <Languages field={fields.languages} options={options.languages} />
      <TextArea field={fields.included} label={k("included")} hint={k("includedHint")} />
      <TextArea field={fields.cancellationPolicy} label={k("cancellationPolicy")} />
    </div>
  );
}
