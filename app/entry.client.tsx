import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { i18nConfig } from "~/platform/i18n";
import { LOCALE_STRINGS_ID, TranslationProvider } from "~/platform/i18n-react";
import { createTranslator, type Strings } from "~/platform/translate";

// The strings come with the page (see LocaleStrings in root.tsx), not in the bundle.
const stringsJson = document.getElementById(LOCALE_STRINGS_ID)?.textContent ?? "{}";
const language = document.documentElement.lang || i18nConfig.fallbackLng;
const translation = {
  t: createTranslator(language, JSON.parse(stringsJson) as Strings),
  language,
  stringsJson,
};

startTransition(() => {
  hydrateRoot(
    document,
    <TranslationProvider value={translation}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslationProvider>,
  );
});
