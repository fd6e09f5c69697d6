import common from "~/locales/en/common.json";

/** i18next configuration shared by the server and the browser. Only `en` exists today. */
export const i18nConfig = {
  supportedLngs: ["en"],
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
} as const;

/** Every locale's resources are bundled: there is one small namespace, so no loading round trip. */
export const resources = { en: { common } } as const;

/** The default locale hinted to browsers and crawlers (Content-Language). */
export const DEFAULT_LOCALE_HINT = "en-US";
