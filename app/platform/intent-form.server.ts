import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { apiErrorResult, type ApiErrorShown } from "~/platform/api-errors.server";
import { setFlash } from "~/platform/flash.server";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { requireParams } from "~/platform/http.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";

/** What the page's form posted: the request, its body, which form (`intent`) and its result's id. */
export interface FormFacts {
  request: Request;
  formData: FormData;
  intent: string;
  /** The form whose result this is (`intent`, or `intent:<row id>` for a row's form). */
  formId: string;
}

/** A form's schema, or one made for this post (from the caller, the route's params, an API read). */
export type FormSchema<C> = z.ZodTypeAny | ((context: C) => z.ZodTypeAny | Promise<z.ZodTypeAny>);
type SchemaOf<S> = S extends z.ZodTypeAny ? S : S extends (...args: never[]) => infer R ? Awaited<R> : never;
/** What any of the page's forms parses to (each schema's `intent` literal tells them apart). */
type ValueOf<F> = { [K in keyof F]: z.output<Extract<SchemaOf<F[K]>, z.ZodTypeAny>> }[keyof F];
export type Submission = ReturnType<typeof parseWithZod>;

/** An answer of the page's own (a redirect elsewhere, the API's answer shown on the page). */
export type Answer = Response | ReturnType<typeof data>;

/**
 * What a form's call did: back to `to` (the page itself by default) with `flash` (and any
 * `cookies` the answer sets besides); or its own `answer`.
 */
export type Outcome = { flash?: string; to?: string; cookies?: string[] } | { answer: Answer };

/** A page's forms and what their one call of the API is (C: what `run` is given: the caller, the post). */
export interface IntentForms<F extends Record<string, FormSchema<never>>, C extends FormFacts> {
  /** The page's forms by intent (the `intent` field each posts); `single`: one form that sends none. */
  forms: F;
  single?: boolean;
  /** The field naming a row, for the pages whose rows have their own forms (`role` → `role:<userId>`). */
  row?: (intent: keyof F & string) => string | null;
  /** How the body is read (an upload's reader); an answer instead of a form ends there. */
  read?: (request: Request) => Promise<FormData | Answer>;
  /** The status of a form its own rules refused (400 by default). */
  refusedStatus?: (submission: Submission, intent: string) => number;
  /** A form its own rules refused, answered otherwise than with the form again; null: the form again. */
  refused?: (submission: Submission, context: C) => Outcome | null | Promise<Outcome | null>;
  /** How the API's refusal shows on the form (apiErrorResult). */
  shown?: ApiErrorShown | ((intent: string) => ApiErrorShown);
  /** An API refusal the page answers otherwise (a figure that changed, the 404 page); null: the usual. */
  refusal?: (error: unknown, submission: Submission, context: C) => Answer | null | Promise<Answer | null>;
  run: (value: ValueOf<F>, context: C, submission: Submission) => Promise<Outcome>;
}

/**
 * THE dispatch of a page's forms, once the caller is known (origin and sign-in checked by the
 * page's kind of action: intentAction for the console): which form was sent (an unknown one is a
 * 400), its rules (conform + zod: the form again when refused), one call of the API (`run`), then
 * back to the page with a flash message — or the API's refusal shown on that form.
 */
export async function answerIntent<F extends Record<string, FormSchema<never>>, C extends FormFacts>(
  request: Request,
  caller: Omit<C, keyof FormFacts>,
  page: IntentForms<F, C>,
): Promise<Answer> {
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
  const context = { ...caller, request, formData, intent, formId } as C;
  const form = page.forms[intent] as FormSchema<C>;
  const schema = typeof form === "function" ? await form(context) : form;
  const resultIntent = page.single ? undefined : formId;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const refused = await page.refused?.(submission, context);
    if (refused) return answerOf(request, refused);
    const status = page.refusedStatus?.(submission, intent);
    return formResult(submission.reply(), { intent: resultIntent, status });
  }
  let outcome: Outcome;
  try {
    outcome = await page.run(submission.value as ValueOf<F>, context, submission);
  } catch (error) {
    const answer = await page.refusal?.(error, submission, context);
    if (answer) return answer;
    const shown = typeof page.shown === "function" ? page.shown(intent) : page.shown;
    return apiErrorResult(error, submission, { ...shown, intent: resultIntent });
  }
  return answerOf(request, outcome);
}

/** What a guarded page's forms run with: the caller its guard let in, the post, the route's params. */
export type GuardedContext<K, P> = K &
  FormFacts & {
    /** The route's params, as `params` read them. */
    params: P;
  };

/** A guarded page's forms, and how its route's params are read. */
export interface GuardedPage<
  F extends Record<string, FormSchema<never>>,
  K,
  P extends z.ZodRawShape,
> extends IntentForms<F, GuardedContext<K, z.infer<z.ZodObject<P>>>> {
  /** The route's params: one validated way to read them (else the 404 page). */
  params?: P;
}

/**
 * THE action of a kind of page behind its guard (the console's intentAction, the admins'
 * adminAction): the origin (a post from another site: 403), the route's params (else the 404
 * page), the caller the guard lets in, then the page's forms (answerIntent).
 */
export async function guardedIntentAction<
  F extends Record<string, FormSchema<never>>,
  K extends object,
  P extends z.ZodRawShape,
>(
  { request, params: routeParams }: ActionFunctionArgs,
  guard: (request: Request) => Promise<K>,
  page: GuardedPage<F, K, P>,
): Promise<Answer> {
  requireSameOrigin(request);
  const params = (await requireParams(request, routeParams, page.params ?? {})) as z.infer<z.ZodObject<P>>;
  const caller = await guard(request);
  // The caller and the params are the context but for the post, which answerIntent adds (TS cannot see it of a generic K).
  return answerIntent(request, { ...caller, params } as Omit<GuardedContext<K, typeof params>, keyof FormFacts>, page);
}

async function answerOf(request: Request, outcome: Outcome): Promise<Answer> {
  if ("answer" in outcome) return outcome.answer;
  const headers = new Headers();
  if (outcome.flash) headers.append("Set-Cookie", await setFlash(outcome.flash));
  for (const cookie of outcome.cookies ?? []) headers.append("Set-Cookie", cookie);
  return redirect(outcome.to ?? new URL(request.url).pathname, { headers });
}
