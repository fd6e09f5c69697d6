import { siteCookie } from "~/platform/cookie.server";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "~/platform/i18n";
import { resources } from "~/platform/locale-resources.server";
import { oncePerRequest } from "~/platform/per-request.server";
import { createHash } from "node:crypto";
import type { Translation } from "~/platform/i18n-react";
import { createTranslator, type Strings, type Translate } from "~/platform/translate";

/** The chosen language, remembered for 365 days (spec section 9). */
export const localeCookie = siteCookie("lng", 365 * 24 * 60 * 60);

/** remix-i18next picks the language of a request (?lng=, the cookie, Accept-Language). */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    cookie: localeCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], resources },
});

function stringsOf(lng: string): Strings {
  const known = resources as Record<string, { common: Strings }>;
  return (known[lng] ?? known[i18nConfig.fallbackLng]).common;
}

type Prepared = Translation & { json: string; version: string };

/**
 * One translation per language, made once: the function, and the strings as the JSON file the
 * browser fetches (its address names a version, a hash of the text). A request only looks it up.
 */
const translations = new Map<string, Prepared>();
export function translationFor(lng: string): Prepared {
  let found = translations.get(lng);
  if (!found) {
    const strings = stringsOf(lng);
    const json = JSON.stringify(strings);
    const version = createHash("sha256").update(json).digest("hex").slice(0, 12);
    found = {
      t: createTranslator(lng, strings),
      language: lng,
      stringsHref: `/locales/${lng}?v=${version}`,
      json,
      version,
    };
    translations.set(lng, found);
  }
  return found;
}

/** The languages there are strings for. */
export function isSupportedLanguage(lng: string): boolean {
  return (i18nConfig.supportedLngs as readonly string[]).includes(lng);
}

/** Each request's language, detected once (the root loader, the page's loader and the render ask). */
const getLocale = oncePerRequest((request) => detector.getLocale(request));

/** The request's language, and its translation function. */
export const i18next = {
  getLocale,
  async getFixedT(request: Request): Promise<Translate> {
    return translationFor(await getLocale(request)).t;
  },
};
