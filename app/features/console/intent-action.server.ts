import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { apiErrorResult, type ApiErrorShown } from "~/platform/api-errors.server";
import { setFlash } from "~/platform/flash.server";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { requireParams } from "~/platform/http.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { readFormOrUpload } from "~/platform/upload.server";
import type { ConsoleAbility } from "./console-refusal";
import { requireConsoleAbility, type ConsoleCaller } from "./console.server";

/** A form's schema, or one made for this post (from the caller, the route's params, an API read). */
type FormSchema<P> = z.ZodTypeAny | ((context: FormContext<P>) => z.ZodTypeAny | Promise<z.ZodTypeAny>);
type SchemaOf<S> = S extends z.ZodTypeAny ? S : S extends (...args: never[]) => infer R ? Awaited<R> : never;
/** What any of the page's forms parses to (each schema's `intent` literal tells them apart). */
type ValueOf<F> = { [K in keyof F]: z.output<Extract<SchemaOf<F[K]>, z.ZodTypeAny>> }[keyof F];
type Submission = ReturnType<typeof parseWithZod>;

export interface FormContext<P> extends ConsoleCaller {
  request: Request;
  /** The route's params, as `params` read them. */
  params: P;
  formData: FormData;
  intent: string;
  /** The form whose result this is (`intent`, or `intent:<row id>` for a row's form). */
  formId: string;
}

/** An answer of the page's own (a redirect elsewhere, the API's answer shown on the page). */
type Answer = Response | ReturnType<typeof data>;

/** What a form's call did: back to `to` (the page itself by default) with `flash`; or its own `answer`. */
export type Outcome = { flash?: string; to?: string } | { answer: Answer };

export interface IntentPage<F extends Record<string, FormSchema<never>>, P extends z.ZodRawShape> {
  ability: ConsoleAbility;
  /** The route's params: one validated way to read them (else the 404 page). */
  params?: P;
  /** The page's forms by intent (the `intent` field each posts); `single`: one form that sends none. */
  forms: F;
  single?: boolean;
  /** The field naming a row, for the pages whose rows have their own forms (`role` → `role:<userId>`). */
  row?: (intent: keyof F & string) => string | null;
  /** How the body is read (an upload's reader); an answer instead of a form ends there. */
  read?: (request: Request) => Promise<FormData | Answer>;
  /** The status of a form its own rules refused (400 by default). */
  refusedStatus?: (submission: Submission, intent: string) => number;
  /** How the API's refusal shows on the form (apiErrorResult). */
  shown?: ApiErrorShown | ((intent: string) => ApiErrorShown);
  /** An API refusal the page answers otherwise (a figure that changed); null: the usual. */
  refusal?: (error: unknown, submission: Submission, context: FormContext<z.infer<z.ZodObject<P>>>) => Answer | null;
  run: (value: ValueOf<F>, context: FormContext<z.infer<z.ZodObject<P>>>) => Promise<Outcome>;
}

/**
 * THE action of a console page (one form or several): the origin, the role's ability, the route's
 * params, which form was sent (an unknown one is a 400), its rules (conform + zod: the form again
 * when refused), one call of the API (`run`), then back to the page with a flash message — or the
 * API's refusal shown on that form.
 */
export async function intentAction<
  F extends Record<string, FormSchema<never>>,
  P extends z.ZodRawShape = Record<never, never>,
>({ request, params: routeParams }: ActionFunctionArgs, page: IntentPage<F, P>): Promise<Answer> {
  requireSameOrigin(request);
  const params = (await requireParams(request, routeParams, page.params ?? {})) as z.infer<z.ZodObject<P>>;
  const caller = await requireConsoleAbility(request, page.ability);
  const read = await (page.read ?? readFormData)(request);
  if (!(read instanceof FormData)) return read;
  const formData = read;
  const sent = page.single ? Object.keys(page.forms)[0] : formData.get("intent");
  if (typeof sent !== "string" || !Object.hasOwn(page.forms, sent)) {
    throw data("Choose one of the page's forms.", { status: 400 });
  }
  const intent = sent as keyof F & string;
  const rowField = page.row?.(intent);
  const rowId = rowField ? formData.get(rowField) : null;
  const formId = rowField ? `${intent}:${typeof rowId === "string" ? rowId : ""}` : intent;
  const context: FormContext<z.infer<z.ZodObject<P>>> = { ...caller, request, params, formData, intent, formId };
  const form = page.forms[intent] as FormSchema<z.infer<z.ZodObject<P>>>;
  const schema = typeof form === "function" ? await form(context) : form;
  const resultIntent = page.single ? undefined : formId;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const status = page.refusedStatus?.(submission, intent);
    return formResult(submission.reply(), { intent: resultIntent, status });
  }
  let outcome: Outcome;
  try {
    outcome = await page.run(submission.value as ValueOf<F>, context);
  } catch (error) {
    const answer = page.refusal?.(error, submission, context);
    if (answer) return answer;
    const shown = typeof page.shown === "function" ? page.shown(intent) : page.shown;
    return apiErrorResult(error, submission, { ...shown, intent: resultIntent });
  }
  if ("answer" in outcome) return outcome.answer;
  const headers = outcome.flash ? { "Set-Cookie": await setFlash(outcome.flash) } : undefined;
  return redirect(outcome.to ?? new URL(request.url).pathname, { headers });
}

/**
 * The reader of a page with an upload form (`intent`): a file over `maxBytes` is not read on, and
 * the form says why on its file field (`tooLarge`, a locale key), with a 413.
 */
export function uploadReader(maxBytes: number, intent: string, schema: z.ZodTypeAny, tooLarge: string) {
  return async (request: Request): Promise<FormData | Answer> => {
    const formData = await readFormOrUpload(request, maxBytes);
    if (formData) return formData;
    const submission = parseWithZod(new FormData(), { schema });
    return formResult(submission.reply({ fieldErrors: { file: [tooLarge] } }), { intent, status: 413 });
  };
}
