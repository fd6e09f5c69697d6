import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n-react";
import { TextField } from "~/ui/text-field";

/** Country options as the loader sends them: [ISO code, name], sorted for the reader's language. */
export type CountryOption = readonly [code: string, name: string];

type Fields = {
  address: FieldMetadata<string | undefined>;
  city: FieldMetadata<string | undefined>;
  state: FieldMetadata<string | undefined>;
  zipcode: FieldMetadata<string | undefined>;
  country: FieldMetadata<string | undefined>;
};

/**
 * A postal address in any country's format: street, city, an optional region and postal code
 * (free-form: "Lisboa", "1100-148", "SW1A 1AA") and the country.
 */
export function AddressFields({ fields, countries }: { fields: Fields; countries: readonly CountryOption[] }) {
  const { t } = useTranslation();
  const country = fields.country;
  const invalid = Boolean(country.errors?.length);
  return (
    <>
      <TextField field={fields.address} label={t("login.address")} autoComplete="street-address" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.city} label={t("login.city")} autoComplete="address-level2" />
        <TextField field={fields.state} label={t("login.state")} autoComplete="address-level1" />
        <TextField field={fields.zipcode} label={t("login.zipcode")} autoComplete="postal-code" />
        <div>
          <label htmlFor={country.id} className="block text-sm font-medium text-slate-800">
            {t("login.country")}
          </label>
          <select
            {...getSelectProps(country, { ariaAttributes: false })}
            key={country.key}
            defaultValue={country.initialValue ?? "US"}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? country.errorId : undefined}
            autoComplete="country"
            className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 ${invalid ? "border-red-600" : "border-slate-300"}`}
          >
            {countries.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          {invalid ? (
            <p id={country.errorId} className="mt-1 text-sm text-red-700">
              {country.errors!.map((key) => t(key, { defaultValue: t("validation.required") })).join(" ")}
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
