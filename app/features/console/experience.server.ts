import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { routeNotFound } from "~/platform/http.server";
import {
  CreateExperienceSchema,
  EditExperienceSchema,
  EXPERIENCE_FIELD_REFUSALS,
  experienceBody,
  PublishSchema,
} from "./console-forms.server";
import { requireConsolePage, requireExperiencePage } from "./console.server";
import { experienceFormOptions } from "./experience-options.server";
import { catalogAction, intentAction } from "./intent-action.server";

/** A new experience's form: the options of its fields in the member's time zone. */
export async function loadNewExperiencePage({ request }: LoaderFunctionArgs) {
  const { me, t } = await requireConsolePage(request, "manageCatalog");
  return {
    options: experienceFormOptions(me.account.timeZone),
    constraint: getZodConstraint(CreateExperienceSchema),
    title: t("operatorExperiences.newTitle"),
  };
}

/** Creates the draft (and its first service) and goes to its page. */
export const newExperienceAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageCatalog",
    single: true,
    forms: { create: CreateExperienceSchema },
    shown: { fields: EXPERIENCE_FIELD_REFUSALS },
    async run(value, { api }) {
      const created = await api.call("operatorCreateExperience", { body: experienceBody(value) });
      return { flash: "operatorExperiences.created", to: `/console/experiences/${created.id}` };
    },
  });

/** An experience's overview: its fields' form and its status (the 404 page for one that is not the operator's). */
export async function loadExperiencePage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, me, t } = await requireExperiencePage(request, params);
  const experience = await orNotFound(request, api.call("operatorGetExperience", { params: { experienceId } }));
  return withFlash(request, {
    experience,
    options: experienceFormOptions(me.account.timeZone, experience.languages, experience.timezone),
    constraint: getZodConstraint(EditExperienceSchema),
    title: t("operatorExperiences.editTitle", { title: experience.title }),
  });
}

/** Two forms: the fields (`save`) and the status (`publish`); each one call of the API. */
export const experienceAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: { save: EditExperienceSchema, publish: PublishSchema },
    shown: (intent) =>
      intent === "publish"
        ? { codes: { not_publishable: { key: "operatorExperiences.notPublishable" } } }
        : { fields: EXPERIENCE_FIELD_REFUSALS },
    async refusal(error, _submission, { request }) {
      if (isApiError(error, "not_found")) throw await routeNotFound(request);
      return null;
    },
    async run(value, { api, params: { experienceId } }) {
      if (value.intent === "publish") {
        const published = value.published === "true";
        await api.call("operatorUpdateExperience", { params: { experienceId }, body: { published } });
        return { flash: published ? "operatorExperiences.published" : "operatorExperiences.unpublished" };
      }
      const { intent: _intent, ...fields } = value;
      await api.call("operatorUpdateExperience", { params: { experienceId }, body: experienceBody(fields) });
      return { flash: "operatorExperiences.saved" };
    },
  });
