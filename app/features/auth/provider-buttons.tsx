import { useTranslation } from "~/platform/i18n-react";
import { FormError } from "~/ui/form-parts";
import type { FirebaseClientConfig } from "~/platform/firebase-client-config";
import { useClientSignIn } from "~/features/auth/use-client-sign-in";
import { useHydrated } from "~/ui/use-hydrated";

/** The providers offered, in order (each also names its locale key, login.<provider>). */
const PROVIDERS = ["google", "apple"] as const;

/** Google and Apple sign-in: popups need JavaScript, and the page says so politely without it. */
export function ProviderButtons({ firebase, redirectUrl }: { firebase: FirebaseClientConfig; redirectUrl: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const client = useClientSignIn(redirectUrl);
  const buttonClass =
    "flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60";
  return (
    <div className="space-y-3">
      <FormError errors={client.error ? [client.error] : undefined} />
      <noscript>
        <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">{t("login.providersNeedJs")}</p>
      </noscript>
      {PROVIDERS.map((provider) => (
        <button
          key={provider}
          type="button"
          className={buttonClass}
          disabled={!hydrated || client.pending}
          onClick={() => void client.run((fb) => fb.providerSignIn(firebase, provider))}
        >
          {t(`login.${provider}`)}
        </button>
      ))}
    </div>
  );
}
