import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, resources } from "~/platform/i18n";
import { config } from "~/platform/config.server";

/** The chosen language, remembered for 365 days (spec section 9). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: config.production,
  maxAge: 365 * 24 * 60 * 60,
});

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

/**
 * One i18next instance per language, made once (every namespace is bundled, so one instance
 * serves every route and the render): a request only looks it up.
 */
const instances = new Map<string, Promise<I18n>>();
export function i18nFor(lng: string): Promise<I18n> {
  let ready = instances.get(lng);
  if (!ready) {
    const instance = createInstance();
    ready = instance
      .use(initReactI18next)
      .init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], resources, lng })
      .then(() => instance);
    instances.set(lng, ready);
  }
  return ready;
}

/** The request's language, and its translation function from the shared instance. */
export const i18next = {
  getLocale: (request: Request): Promise<string> => detector.getLocale(request),
  async getFixedT(request: Request): Promise<TFunction> {
    const lng = await detector.getLocale(request);
    return (await i18nFor(lng)).getFixedT(lng);
  },
};
