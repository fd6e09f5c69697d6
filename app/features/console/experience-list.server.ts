import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireExperiencePage, type ConsoleCaller } from "./console.server";
import { catalogAction } from "./intent-action.server";
import { refusedFields } from "./list-refusal";

type Api = ConsoleCaller["api"];
type FieldErrors = Record<string, string[]>;

/**
 * A console page of one experience's list (add-ons, booking questions, pickup points): the list
 * read by its endpoint, an item added at the end or one removed, and the whole list set again.
 */
export interface ExperienceList<
  Page extends { experience: { title: string } },
  Item extends { id?: string },
  Add extends z.ZodTypeAny,
  Remove extends z.ZodTypeAny,
> {
  /** The add form (intent "add") and the remove form (intent "remove", naming the item by `idField`). */
  forms: { add: Add; remove: Remove };
  idField: string;
  /** The page's title (a locale key given the experience's title) and its flash messages. */
  titleKey: string;
  flash: { added: string; removed: string };
  read: (api: Api, experienceId: string) => Promise<Page>;
  itemsOf: (page: Page) => Item[];
  write: (api: Api, experienceId: string, items: Item[]) => Promise<unknown>;
  /** The new item the add form describes, or the field errors refusing it before the list's rules. */
  itemOf: (value: z.output<Add>, page: Page) => Item | { refused: FieldErrors };
  /** THE contract's rules of the whole list (the set endpoint's body), judged first so a refusal shows on the form. */
  judge: (items: Item[]) => z.SafeParseReturnType<unknown, unknown>;
  /** The add form's field of an issue's path within the new item; issues elsewhere go on `fallback`. */
  fieldOf: (path: ReadonlyArray<string | number>) => string;
  fallback: string;
}

/** The loader and the action of an experience's list page. */
export function experienceListPage<
  Page extends { experience: { title: string } },
  Item extends { id?: string },
  Add extends z.ZodTypeAny,
  Remove extends z.ZodTypeAny,
>(list: ExperienceList<Page, Item, Add, Remove>) {
  async function loader({ request, params }: LoaderFunctionArgs) {
    const { experienceId, api, t } = await requireExperiencePage(request, params);
    const page = await orNotFound(request, list.read(api, experienceId));
    return withFlash(request, {
      page,
      constraints: { add: getZodConstraint(list.forms.add), remove: getZodConstraint(list.forms.remove) },
      title: t(list.titleKey, { title: page.experience.title }),
    });
  }

  const action = (args: ActionFunctionArgs) =>
    catalogAction(args, {
      forms: list.forms,
      row: (intent) => (intent === "remove" ? list.idField : null),
      async run(value, { api, params }, submission) {
        const { experienceId } = params;
        const page = await list.read(api, experienceId);
        const kept = list.itemsOf(page);
        const chosen = value as { intent: string } & Record<string, unknown>;
        if (chosen.intent === "remove") {
          await list.write(
            api,
            experienceId,
            kept.filter((item) => item.id !== chosen[list.idField]),
          );
          return { flash: list.flash.removed };
        }
        const refuse = (fieldErrors: FieldErrors) => ({
          answer: formResult(submission.reply({ fieldErrors }), { intent: "add", status: 400 }),
        });
        const added = list.itemOf(value as z.output<Add>, page);
        if ("refused" in added) return refuse(added.refused);
        const items = [...kept, added];
        const judged = list.judge(items);
        if (!judged.success)
          return refuse(refusedFields(judged.error.issues, kept.length, list.fieldOf, list.fallback));
        await list.write(api, experienceId, items);
        return { flash: list.flash.added };
      },
    });

  return { loader, action };
}
