/** Language settings shared by the server and the browser. Only `en` exists today. */
export const i18nConfig = {
  supportedLngs: ["en"],
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
} as const;

/** The default locale hinted to browsers and crawlers (Content-Language). */
export const DEFAULT_LOCALE_HINT = "en-US";
