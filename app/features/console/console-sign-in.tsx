import type { ConsoleSignIn } from "~/features/console/console-sign-in.server";
import { useTranslation } from "~/platform/i18n-react";
import { useRootData } from "~/platform/root-data";

/**
 * The top of the console's sign-in (under the storefront's logo or name, the card's header):
 * "Console", whose it is, and from an invitation link whom it invites and as what.
 */
export function ConsoleSignInHeading({ signIn, signUp }: { signIn: ConsoleSignIn; signUp: boolean }) {
  const { t } = useTranslation();
  const name = useRootData()?.account?.name ?? "";
  const { invitation } = signIn;
  return (
    <div data-testid="console-sign-in">
      <span className="rounded bg-brand px-2 py-0.5 text-xs font-semibold uppercase text-white">
        {t("console.badge")}
      </span>
      <h1 className="mt-3 text-2xl font-bold text-brand-ink">
        {t(signUp ? "console.signUpHeading" : "console.signInHeading", { name })}
      </h1>
      <p className="mt-2 text-sm text-slate-700">
        {invitation
          ? t("console.signInInvited", { name, email: invitation.email, role: t(`console.role_${invitation.role}`) })
          : t("console.signInIntro", { name })}
      </p>
    </div>
  );
}
