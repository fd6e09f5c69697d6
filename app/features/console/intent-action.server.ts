import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { withReauth } from "~/features/auth/reauth.server";
import { parseWithZod } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import {
  guardedIntentAction,
  type Answer,
  type FormSchema,
  type GuardedContext,
  type GuardedPage,
  type IntentForms,
} from "~/platform/intent-form.server";
import { readFormOrUpload } from "~/platform/upload.server";
import type { ConsoleAbility } from "./console-refusal";
import { experienceParams, requireConsoleAbility, type ConsoleCaller } from "./console.server";

export type FormContext<P> = GuardedContext<ConsoleCaller, P>;

export interface IntentPage<F extends Record<string, FormSchema<never>>, P extends z.ZodRawShape> extends GuardedPage<
  F,
  ConsoleCaller,
  P
> {
  ability: ConsoleAbility;
}

/**
 * THE action of a console page (one form or several): the origin, the route's params, the role's
 * ability, then the page's forms answered as every page's are (answerIntent: which form was sent,
 * its rules, one call of the API, then back to the page with a flash message — or the API's
 * refusal shown on that form). Money and power (a refund, cancelling a departure, roles, removing
 * a member, two-step sign-in for the team, resetting a member's) need a fresh check: a 403
 * reauthentication_required answers the form again with "Confirm it's you" (the values kept), and
 * the re-post gives the code or password first, then makes the call (withReauth).
 */
export async function intentAction<
  F extends Record<string, FormSchema<never>>,
  P extends z.ZodRawShape = Record<never, never>,
>(args: ActionFunctionArgs, page: IntentPage<F, P>): Promise<Answer> {
  const guard = (request: Request) => requireConsoleAbility(request, page.ability);
  return guardedIntentAction(args, guard, { ...withReauth(page), params: page.params });
}

/** The action of one experience's catalog pages (`/console/experiences/:experienceId/…`): manageCatalog, its id. */
export function catalogAction<F extends Record<string, FormSchema<never>>>(
  args: ActionFunctionArgs,
  page: IntentForms<F, FormContext<{ experienceId: string }>>,
): Promise<Answer> {
  return intentAction(args, { ability: "manageCatalog", params: experienceParams, ...page });
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
