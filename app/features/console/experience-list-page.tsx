import type { ReactNode } from "react";
import { useLoaderData } from "@remix-run/react";
import { ExperienceNav } from "~/features/console/experience-nav";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { CardSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { useIsPending } from "~/ui/use-is-pending";

/** What the loader of an experience's list page answers (experienceListPage's, the pickup points'). */
interface ExperienceListData {
  page: { experience: { id: string; title: string } };
  flash: string | null;
  title: string;
}

/**
 * The page of one experience's list (add-ons, booking questions, pickup points): its title, the
 * experience's navigation and the flash (from the loader), an intro, what goes before the list
 * (`before`), the list (`none` when empty, each item by `row`) and the add form under its own
 * heading. No JavaScript needed.
 */
export function ExperienceListPage<Item>({
  intro,
  before,
  list,
  add,
}: {
  intro: string;
  before?: ReactNode;
  list: { headingId: string; heading: string; none: string; items: Item[]; row: (item: Item) => ReactNode };
  add: { headingId: string; heading: string; form: ReactNode };
}) {
  const { t } = useTranslation();
  const { page, flash, title } = useLoaderData<ExperienceListData>();
  const { experience } = page;
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <ExperienceNav experienceId={experience.id} title={experience.title} />
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <p className="mt-2 text-sm text-slate-700">{intro}</p>
      {before}
      <CardSection headingId={list.headingId} heading={list.heading} className="mt-6">
        {list.items.length === 0 ? (
          <p className="mt-2">{list.none}</p>
        ) : (
          <ol className="mt-2 space-y-3">{list.items.map(list.row)}</ol>
        )}
      </CardSection>
      <CardSection headingId={add.headingId} heading={add.heading} className="mt-8 max-w-xl">
        {add.form}
      </CardSection>
    </>
  );
}

/**
 * An item of an experience's list: its name, its description (when it has one), a line of its
 * facts (those given, joined by " · "), what more it shows (`children`, such as its edit form) and
 * its remove form (`remove`: the item named by hidden values, the button by its label).
 */
export function ExperienceListItem({
  testId,
  name,
  description,
  facts,
  remove,
  children,
}: {
  testId: string;
  name: string;
  description?: string | null;
  facts: Array<string | null>;
  remove: { values: Record<string, string>; label: string };
  children?: ReactNode;
}) {
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid={testId}>
      <p className="font-medium">{name}</p>
      {description ? <p className="text-sm">{description}</p> : null}
      <p className="text-sm text-slate-700">{facts.filter(Boolean).join(" · ")}</p>
      {children}
      <RemoveItemForm values={remove.values} label={remove.label} />
    </li>
  );
}

/** An item's remove form (intent "remove"): the item named by its hidden `values`, the button by `label`. */
function RemoveItemForm({ values, label }: { values: Record<string, string>; label: string }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "remove" });
  return (
    <IntentForm intent="remove" values={values} className="mt-2">
      <SubmitButton pending={pending} label={label} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
