import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, resources } from "~/platform/i18n";

async function hydrate() {
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    ns: [...i18nConfig.ns],
    resources,
    lng: document.documentElement.lang || i18nConfig.fallbackLng,
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
