import { useActionData } from "@remix-run/react";
import { ReauthPrompt } from "~/features/auth/reauth-fields";
import { reauthOf } from "~/features/auth/reauth";
import type { IntentFormIdentity } from "~/ui/intent-form";

/**
 * The console's "Confirm it's you" after the IntentForm whose post needs the fresh check
 * (intentAction answered 403 reauthentication_required, or a refused code): the form that posted
 * it is the one whose intent and hidden values (a row's id) the kept values hold. Shown outside
 * that form (ReauthPrompt is a form of its own), with the original values kept.
 */
export function ConsoleReauthPrompt({ form }: { form: IntentFormIdentity }) {
  const answer = useActionData();
  const reauth = reauthOf(answer);
  if (!reauth || !postedBy(reauth.values, form)) return null;
  const intent = (answer as { intent?: string }).intent;
  return <ReauthPrompt intent={intent} className="mt-3 w-full basis-full" />;
}

/** Whether the kept values are this form's post: its intent, and each of its hidden values. */
function postedBy(values: Array<[string, string]>, form: IntentFormIdentity): boolean {
  const sent = new Map(values);
  return (
    sent.get("intent") === form.intent && Object.entries(form.values).every(([name, value]) => sent.get(name) === value)
  );
}

/** For the console's layout (IntentFormAfter): the prompt after each IntentForm. */
export const consoleReauthAfter = (form: IntentFormIdentity) => <ConsoleReauthPrompt form={form} />;
