import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FormResult } from "~/platform/form-result";

/** What the page's action answers to `<optionsIntent>`: the WebAuthn options, or why not. */
type OptionsAnswer = { options: Record<string, unknown> } | Partial<FormResult>;

/**
 * A passkey's ceremony in the browser (JavaScript only): the page's action is asked for the API's
 * WebAuthn options (a fetcher post of `optionsIntent`, or of the form `start` is given), then the browser's own dialog runs
 * (@simplewebauthn/browser, imported only now: no page loads it before it is interactive), and its
 * answer, as JSON text, goes to `onResponse` (which posts it: its pending state is the form's).
 * `working`: asking for the options or in the dialog; `failed`: the dialog was closed or
 * refused, or the action could not give options (its message in `errors`).
 */
export function usePasskeyCeremony(
  kind: "register" | "authenticate",
  optionsIntent: string,
  onResponse: (response: string) => void,
) {
  const fetcher = useFetcher<OptionsAnswer>();
  const [state, setState] = useState<"idle" | "working" | "failed">("idle");
  const handled = useRef<unknown>(null);
  const respond = useRef(onResponse);
  respond.current = onResponse;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!("options" in answer) || !answer.options) {
      setState("failed");
      return;
    }
    const options = answer.options;
    void (async () => {
      try {
        const webauthn = await import("@simplewebauthn/browser");
        const response =
          kind === "register"
            ? await webauthn.startRegistration({ optionsJSON: options as never })
            : await webauthn.startAuthentication({ optionsJSON: options as never });
        setState("idle");
        respond.current(JSON.stringify(response));
      } catch {
        setState("failed");
      }
    })();
  }, [fetcher.state, fetcher.data, kind]);

  const answer = fetcher.data;
  const errors = answer && "result" in answer ? (answer.result?.error?.[""] ?? undefined) : undefined;
  return {
    state,
    errors,
    start(form?: FormData) {
      setState("working");
      fetcher.submit(form ?? { intent: optionsIntent }, { method: "post" });
    },
  };
}
