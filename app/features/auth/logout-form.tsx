import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { useRootData } from "~/platform/root-data";
import { markSigningOut } from "./signing-out";

export const SIGN_OUT_EVERYWHERE_FIELD = "everywhere";

/**
 * Sign out: a native form post to /auth/logout. The server ends this browser's session, or with
 * `everywhere` every session of the user. With JavaScript the Firebase client is signed out too,
 * so the browser does not keep a Firebase user around (and SessionSync, told, posts no sign-out of
 * its own for it).
 */
export function LogoutForm({
  className,
  children,
  everywhere = false,
  redirectUrl,
}: {
  className?: string;
  children: ReactNode;
  everywhere?: boolean;
  /** Where to go once signed out (a path of this site; the home page by default). */
  redirectUrl?: string;
}) {
  const root = useRootData();
  const config = root?.firebase ?? null;
  return (
    <Form
      method="post"
      action="/auth/logout"
      className={className}
      onSubmit={() => {
        markSigningOut();
        if (!config) return;
        void import("~/features/auth/firebase-auth.client")
          .then((fb) => fb.clientSignOut(config))
          .catch(() => {
            // The server session is what matters; a client that cannot sign out is signed out at its next load.
          });
      }}
    >
      {everywhere ? <input type="hidden" name={SIGN_OUT_EVERYWHERE_FIELD} value="1" /> : null}
      {redirectUrl ? <input type="hidden" name="redirectUrl" value={redirectUrl} /> : null}
      {children}
    </Form>
  );
}

/** Sign out of this browser: the site's "Sign out" button (its look, `className`) in a LogoutForm. */
export function SignOutButton({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <LogoutForm>
      <button type="submit" className={className}>
        {t("nav.signOut")}
      </button>
    </LogoutForm>
  );
}
