import { i18nConfig } from "~/platform/i18n";
import type { Translate } from "~/platform/translate";

/**
 * The translation a document renders with, by language, for meta functions (plain functions that
 * cannot use the translation context): entry.server and entry.client register it before they
 * render. Keyed by language, so concurrent requests in other languages cannot mix.
 */
const byLanguage = new Map<string, Translate>();

export function registerMetaTranslation(language: string, t: Translate): void {
  byLanguage.set(language, t);
}

/** The translation of a language (the fallback language's when that one was never rendered). */
export function metaTranslation(language: string | undefined): Translate | undefined {
  return byLanguage.get(language ?? i18nConfig.fallbackLng) ?? byLanguage.get(i18nConfig.fallbackLng);
}
