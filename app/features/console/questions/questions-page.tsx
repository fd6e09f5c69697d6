import { useLoaderData } from "@remix-run/react";
import type { BookingQuestion } from "~contract/bookings/questions";
import { QUESTION_KINDS, QUESTION_SCOPES } from "~contract/bookings/question-rules";
import { ExperienceListItem, ExperienceListPage } from "~/features/console/experience-list-page";
import { useIntentForm } from "~/features/console/use-intent-form";
import type { loadQuestionsPage } from "~/features/console/booking-questions.server";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { SelectField } from "~/ui/select-field";
import { TextAreaField } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { CONDITIONS } from "./conditions";
import { asText } from "../prices/use-price-form";

/** One experience's booking questions: the list (each removable) and a form to add one. No JavaScript needed. */
export function QuestionsPage() {
  const { page } = useLoaderData<typeof loadQuestionsPage>();
  const { t } = useTranslation();
  return (
    <ExperienceListPage
      intro={t("questions.intro")}
      list={{
        headingId: "questions-heading",
        heading: t("questions.listHeading"),
        none: t("questions.none"),
        items: page.questions,
        row: (question) => <QuestionRow key={question.id} question={question} />,
      }}
      add={{
        headingId: "new-question-heading",
        heading: t("questions.add"),
        // A new form once a question is added (with JavaScript the page stays: no values of the last one).
        form: <AddQuestionForm key={page.questions.length} />,
      }}
    />
  );
}

function QuestionRow({ question }: { question: BookingQuestion }) {
  const { t } = useTranslation();
  const { page } = useLoaderData<typeof loadQuestionsPage>();
  const service = page.services.find((one) => one.id === question.serviceId);
  const condition = question.showIf;
  const other =
    condition && "questionId" in condition ? page.questions.find((q) => q.id === condition.questionId) : null;
  const ticket =
    condition && "ticketType" in condition
      ? page.services.flatMap((one) => one.ticketTypes).find((type) => type.code === condition.ticketType)
      : null;
  return (
    <ExperienceListItem
      testId="question"
      name={question.label}
      facts={[
        t(`questions.kind_${question.kind}`),
        t(`questions.per_${question.per}`),
        t(question.required ? "questions.required" : "questions.optional"),
        service ? t("questions.forService", { name: service.name }) : null,
        other && condition && "equals" in condition
          ? t("questions.whenAnswer", { question: other.label, answer: condition.equals })
          : null,
        condition && "ticketType" in condition
          ? t("questions.whenTicket", { ticket: ticket?.name ?? condition.ticketType })
          : null,
        question.options.length ? question.options.join(", ") : null,
      ]}
      remove={{ values: { questionId: question.id }, label: t("questions.remove", { label: question.label }) }}
    />
  );
}

function AddQuestionForm() {
  const { t } = useTranslation();
  const { page, constraints } = useLoaderData<typeof loadQuestionsPage>();
  const validation = useFormValidation(
    () => import("~/features/console/question-schemas"),
    (schemas) => schemas.AddQuestionSchema,
  );
  const [form, fields] = useIntentForm("questions", "add", constraints.add, validation, {
    kind: "text",
    per: "guest",
    condition: "always",
  });
  const pending = useIsPending({ intent: "add" });
  const option = (value: string, label: string) => ({ value, label });
  const ticketTypes = [
    ...new Map(page.services.flatMap((service) => service.ticketTypes).map((type) => [type.code, type])).values(),
  ];
  return (
    <IntentForm meta={form} intent="add" className="space-y-3" aria-labelledby="new-question-heading">
      <TextField field={asText(fields.label)} label={t("questions.label")} />
      <SelectField
        field={asText(fields.kind)}
        label={t("questions.kind")}
        options={QUESTION_KINDS.map((kind) => option(kind, t(`questions.kind_${kind}`)))}
      />
      <SelectField
        field={asText(fields.per)}
        label={t("questions.per")}
        options={QUESTION_SCOPES.map((per) => option(per, t(`questions.per_${per}`)))}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" name={fields.required.name} id={fields.required.id} className="h-4 w-4" />
        {t("questions.requiredLabel")}
      </label>
      <SelectField
        field={asText(fields.serviceId)}
        label={t("questions.service")}
        placeholder={t("questions.everyService")}
        options={page.services.map((service) => option(service.id, service.name))}
      />
      <TextField field={asText(fields.min)} label={t("questions.min")} inputMode="decimal" />
      <TextField field={asText(fields.max)} label={t("questions.max")} inputMode="decimal" />
      <TextAreaField field={asText(fields.options)} label={t("questions.options")} hint={t("questions.optionsHint")} />
      <SelectField
        field={asText(fields.condition)}
        label={t("questions.condition")}
        options={CONDITIONS.map((condition) => option(condition, t(`questions.condition_${condition}`)))}
      />
      <SelectField
        field={asText(fields.conditionQuestion)}
        label={t("questions.conditionQuestion")}
        placeholder={t("questions.choose")}
        options={page.questions.map((question) => option(question.id, question.label))}
      />
      <TextField
        field={asText(fields.conditionEquals)}
        label={t("questions.conditionEquals")}
        hint={t("questions.conditionEqualsHint")}
      />
      <SelectField
        field={asText(fields.conditionTicket)}
        label={t("questions.conditionTicket")}
        placeholder={t("questions.choose")}
        options={ticketTypes.map((type) => option(type.code, type.name))}
      />
      <SubmitButton pending={pending} label={t("questions.addButton")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
