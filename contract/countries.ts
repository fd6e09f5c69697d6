/**
 * Countries for addresses: ISO 3166-1 alpha-2 codes, named by the runtime's own data
 * (Intl.DisplayNames), on both sides. Codes the runtime knows that are not countries people live
 * in today (unions, pseudo-locales, retired codes) are left out.
 */
const NOT_COUNTRIES = new Set("AC AN BU CP CQ CS DD DG EA EU EZ FX IC QO SU TA TP UN XA XB YD YU ZR ZZ".split(" "));

let codes: readonly string[] | null = null;

function canonicalRegion(code: string): string | null {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0]?.split("-")[1] ?? null;
  } catch {
    return null;
  }
}

export function countryCodes(): readonly string[] {
  if (!codes) {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    const found: string[] = [];
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        // Retired codes the runtime still names (DY for Benin, UK for the United Kingdom) canonicalise
        // to today's code: only the canonical one is listed, so no country appears twice.
        if (!NOT_COUNTRIES.has(code) && names.of(code) && canonicalRegion(code) === code) found.push(code);
      }
    codes = found;
  }
  return codes;
}

export const isCountryCode = (code: string) => countryCodes().includes(code);

/** The default for addresses saved before countries were asked (the product began in the US). */
export const DEFAULT_COUNTRY = "US";

const optionsByLocale = new Map<string, Array<{ code: string; name: string }>>();

/** Every country, named in `locale` and sorted for it: the options of a country select. */
export function countryOptions(locale = "en"): Array<{ code: string; name: string }> {
  let options = optionsByLocale.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale, "en"], { type: "region" });
    const collator = new Intl.Collator(locale);
    options = countryCodes()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    optionsByLocale.set(locale, options);
  }
  return options;
}
