import common from "~/locales/en/common.json";

/**
 * Every language's strings, on the server only: a page carries its language's strings in the
 * document (LocaleStrings), so no browser bundle holds a locale file.
 */
export const resources = { en: { common } } as const;
