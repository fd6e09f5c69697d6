import { LogoutForm } from "~/features/auth/logout-form";
import { useTranslation } from "~/platform/i18n-react";
import { loginUrl } from "~/platform/redirects";
import { useRootData } from "~/platform/root-data";
import { LinkLine } from "~/ui/link-line";
import { refusalTitleKey, type ConsoleRefusal } from "./console-refusal";

const LINK = "font-medium text-brand underline";

/**
 * The console's refusal in words, in its layout: who is signed in and that they are not (or no
 * longer) in this team, with their account, the storefront and another sign-in; or that their role
 * does not open the page, who may, and the way back to the console.
 */
export function ConsoleRefusalContent({ refusal }: { refusal: ConsoleRefusal }) {
  const { t } = useTranslation();
  const name = useRootData()?.account?.name ?? "";
  return (
    <div className="max-w-xl" data-testid="console-refusal">
      <h1 className="text-2xl font-bold text-brand-ink">{t(refusalTitleKey(refusal), { name })}</h1>
      {refusal.refused === "notMember" ? (
        <>
          <p className="mt-3 text-slate-700">{t("console.notMemberText", { name, email: refusal.email })}</p>
          <LinkLine to="/account" className="mt-6">
            {t("console.toAccount")}
          </LinkLine>
          <LinkLine to="/" className="mt-3">
            {t("console.toStorefront")}
          </LinkLine>
          <LogoutForm redirectUrl={loginUrl("/console")} className="mt-3">
            <button type="submit" className={LINK}>
              {t("console.signInAsSomeoneElse")}
            </button>
          </LogoutForm>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            {t("console.refusedText", { role: t(`console.role_${refusal.role}`), name })}
          </p>
          <LinkLine to="/console" className="mt-6">
            {t("console.backToConsole")}
          </LinkLine>
        </>
      )}
    </div>
  );
}
