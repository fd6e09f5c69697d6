import { countryOptions } from "~contract/countries";
import { i18next } from "~/platform/i18next.server";
import type { CountryOption } from "./address-fields";

/** The country select's options, named and sorted in the reader's language. */
export async function countryChoices(request: Request): Promise<CountryOption[]> {
  const locale = await i18next.getLocale(request);
  return countryOptions(locale).map(({ code, name }) => [code, name] as const);
}
