import { lazy, Suspense, useId } from "react";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";
import { useIsPending } from "~/ui/use-is-pending";
import { REAUTH_CODE, REAUTH_PASSWORD, reauthOf } from "./reauth";

/** "Use a passkey" (JavaScript only): loaded when a prompt offers it, not with the page. */
const PasskeyInstead = lazy(() => import("./reauth-passkey"));

/**
 * "Confirm it's you": shown where the action answered that the fresh check is needed
 * (reauth.server.ts), for the form `intent` only when given. A form of its own posting the
 * original values (hidden) back with a code (authenticator app or recovery code) or, for a user
 * without a second factor, the password: nothing typed is lost, with or without JavaScript. With
 * JavaScript, a user with a passkey may use it instead.
 */
export function ReauthPrompt({
  intent,
  className = "mt-4",
  heading: Heading = "h2",
}: {
  intent?: string;
  className?: string;
  /** The prompt's heading level where it is shown. */
  heading?: "h2" | "h3";
}) {
  const { t } = useTranslation();
  const id = useId();
  const reauth = reauthOf(useActionData(), intent);
  const sentIntent = reauth?.values.find(([name]) => name === "intent")?.[1];
  const pending = useIsPending({ intent: sentIntent });
  const hydrated = useHydrated();
  if (!reauth) return null;
  const password = reauth.method === "sign_in";
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`${className} rounded-md border border-amber-300 bg-amber-50 p-4`}
      data-testid="reauth-prompt"
    >
      <Heading id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t("reauth.title")}
      </Heading>
      <p id={hintId} className="mt-1 text-sm text-slate-800">
        {t(password ? "reauth.passwordHint" : "reauth.codeHint")}
      </p>
      <Form method="post" className="mt-3 space-y-3">
        {reauth.values.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
            {t(password ? "reauth.password" : "reauth.code")}
          </label>
          <input
            id={`${id}-input`}
            name={password ? REAUTH_PASSWORD : REAUTH_CODE}
            type={password ? "password" : "text"}
            autoComplete={password ? "current-password" : "one-time-code"}
            spellCheck={false}
            autoCapitalize="none"
            required
            maxLength={password ? 4096 : 40}
            // The prompt appears after a post: the one field to fill is where the user goes on.
            autoFocus
            aria-invalid={reauth.error ? true : undefined}
            aria-describedby={reauth.error ? `${hintId} ${errorId}` : hintId}
            className={`mt-1 block w-full max-w-xs rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 ${reauth.error ? "border-red-600" : "border-slate-300"}`}
          />
          {reauth.error ? (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
              {t(reauth.error, { defaultValue: t("apiErrors.default") })}
            </p>
          ) : null}
        </div>
        <Button variant="primary" disabled={pending}>
          {pending ? t("reauth.confirming") : t("reauth.confirm")}
        </Button>
      </Form>
      {reauth.passkey && hydrated ? (
        <Suspense fallback={null}>
          <PasskeyInstead reauth={reauth} />
        </Suspense>
      ) : null}
    </section>
  );
}
