import { createContext, useContext, type ReactNode } from "react";
import type { Translate } from "~/platform/translate";

/**
 * What every component translates with: the language and its translation function, given once
 * for the document by entry.server (from the locale files) and entry.client (from the strings
 * file the page names, see `LocaleStrings`).
 */
export type Translation = { t: Translate; language: string; stringsHref: string };

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
 * The language's strings file (/locales/{lng}?v={version}, cached for good by the browser),
 * fetched while the page's scripts load: entry.client reads it before hydrating, so neither the
 * browser bundles nor the documents carry the strings.
 */
export function LocaleStrings() {
  const value = useContext(TranslationContext);
  if (!value) return null;
  return <link id={LOCALE_STRINGS_ID} rel="preload" as="fetch" crossOrigin="anonymous" href={value.stringsHref} />;
}
