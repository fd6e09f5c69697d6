/**
 * The translation function pages render with, on the server and in the browser alike.
 *
 * It does what our locale files use of i18next's format (v4 JSON): dotted keys, `{{name}}`
 * interpolation without escaping (React escapes), plurals by `count` with the language's plural
 * rules (`key_one`, `key_other`, and `key_zero` for a count of 0), `defaultValue`. i18next itself
 * stays on the server for language detection (remix-i18next); in the browser this replaces it and
 * react-i18next (about 19 KiB gzip). tests/unit/translate.test.ts checks that every key of every
 * locale comes out as i18next gives it.
 */
export type Strings = { readonly [key: string]: string | Strings };
export type TranslateOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type Translate = (key: string, options?: TranslateOptions) => string;

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
const RTL_LANGUAGES = new Set(["ar", "fa", "he", "ur", "ps", "yi"]);

function lookup(strings: Strings, key: string): string | undefined {
  let node: string | Strings | undefined = strings;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(name in options)) return whole;
    const value = options[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

export function createTranslator(lng: string, strings: Strings): Translate {
  const plurals = new Intl.PluralRules(lng);
  return (key, options) => {
    let text: string | undefined;
    if (typeof options?.count === "number") {
      if (options.count === 0) text = lookup(strings, `${key}_zero`);
      text ??= lookup(strings, `${key}_${plurals.select(options.count)}`);
    }
    text ??= lookup(strings, key) ?? options?.defaultValue ?? key;
    return interpolate(text, options);
  };
}

/** The writing direction of a language, for `<html dir>`. */
export function textDirection(lng: string): "ltr" | "rtl" {
  return RTL_LANGUAGES.has(lng.split("-")[0]) ? "rtl" : "ltr";
}
