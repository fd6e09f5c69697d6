import { createContext, useContext, type ReactNode } from "react";
import type { Translate } from "~/platform/translate";

/**
 * What every component translates with: the language and its translation function, given once
 * for the document by entry.server (from the locale files) and entry.client (from the strings the
 * server put in the page, see `LocaleStrings`).
 */
export type Translation = { t: Translate; language: string; stringsJson: string };

const TranslationContext = createContext<Translation | null>(null);

export function TranslationProvider({ value, children }: { value: Translation; children: ReactNode }) {
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** The page's translation function and language (`i18n.language`, the shape react-i18next had). */
export function useTranslation() {
  const value = useContext(TranslationContext);
  if (!value) throw new Error("useTranslation outside TranslationProvider");
  return { t: value.t, i18n: { language: value.language } };
}

export const LOCALE_STRINGS_ID = "locale-strings";

/**
 * The language's strings as JSON in the document (not executed, so no CSP nonce), read by
 * entry.client before hydrating: the browser bundles carry no locale file.
 */
export function LocaleStrings() {
  const value = useContext(TranslationContext);
  if (!value) return null;
  return (
    <script
      id={LOCALE_STRINGS_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: value.stringsJson }}
    />
  );
}

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
