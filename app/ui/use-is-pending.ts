import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * THE pending state of a form (its submit button says "Saving…" and cannot be pressed twice):
 * whether a form of this route is being sent, from the moment it is sent until the page it leads
 * to has loaded. By default a POST to this route's own action; `formAction` and `formMethod` for
 * another; `intent` for one form of a page that has several (the value of its `intent` field).
 * In the style of the Epic Stack's useIsPending.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  intent,
}: { formAction?: string; formMethod?: "POST" | "GET"; intent?: string } = {}): boolean {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formAction === (formAction ?? ownAction) &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
