import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { RouteErrorContent } from "~/ui/error-page";
import { CardShell } from "~/ui/layouts/card-shell";
import { firebaseClientConfig } from "~/features/auth/firebase-config.server";
import { loadPasswordPolicy } from "~/features/auth/sign-in.server";
import { loginFormConstraints } from "~/features/auth/form-constraints.server";
import { countryChoices } from "~/features/auth/countries.server";
import type { LoginLayoutData } from "~/features/auth/use-login-layout-data";

/** The login layout: Firebase's public config, the password policy and the checks of its pages' forms. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [passwordPolicy, countries] = await Promise.all([loadPasswordPolicy(request), countryChoices(request)]);
  return {
    firebase: firebaseClientConfig(),
    passwordPolicy,
    constraints: loginFormConstraints(passwordPolicy),
    countries,
  } satisfies LoginLayoutData;
}

/** The login layout: a centred card for sign-in, password reset and password setup. */
function LoginShell({ children }: { children: React.ReactNode }) {
  return (
    <CardShell background="bg-gradient-to-b from-brand/10 to-white" width="max-w-md" headerTop="pt-10" roomy>
      {children}
    </CardShell>
  );
}

export default function LoginLayout() {
  return (
    <LoginShell>
      <Outlet />
    </LoginShell>
  );
}

export function ErrorBoundary() {
  return (
    <LoginShell>
      <RouteErrorContent />
    </LoginShell>
  );
}
