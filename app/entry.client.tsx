import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { i18nConfig } from "~/platform/i18n";
import { LOCALE_STRINGS_ID, TranslationProvider } from "~/platform/i18n-react";
import { createTranslator, type Strings } from "~/platform/translate";
import { registerMetaTranslation } from "~/platform/meta-translation";
import { renderedRequest, RequestIdProvider } from "~/platform/request-id";

/**
 * The strings file the page names (preloaded beside the scripts: see LocaleStrings in root.tsx),
 * then hydration. Should it fail to load, the page stays as the server rendered it: every form
 * and link works without JavaScript.
 */
async function hydrate() {
  const stringsHref = document.getElementById(LOCALE_STRINGS_ID)?.getAttribute("href");
  if (!stringsHref) return;
  // Same mode as the preload (crossorigin="anonymous": same-origin credentials), so the preloaded answer is used.
  const answer = await fetch(stringsHref);
  if (!answer.ok) return;
  const language = document.documentElement.lang || i18nConfig.fallbackLng;
  const translation = { t: createTranslator(language, (await answer.json()) as Strings), language, stringsHref };
  registerMetaTranslation(language, translation.t);
  const rendered = renderedRequest();
  startTransition(() => {
    hydrateRoot(
      document,
      <RequestIdProvider value={rendered}>
        <TranslationProvider value={translation}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </TranslationProvider>
      </RequestIdProvider>,
    );
  });
}

void hydrate();
