import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { formatPhone } from "~/ui/format";
import { StatusMessage } from "~/ui/status-message";
import { LocationForm, NameForm, NewContactForm } from "~/features/account/personal-info-forms";
import { ChangeStep } from "~/features/account/personal-info-change";
import type { loadPersonalInfo } from "~/features/account/personal-info.server";

/** One form per fact; phone and email in two steps (enter → code), all as native form posts. */
export function PersonalInfoPage() {
  const { info, flash, change, title, countries } = useLoaderData<typeof loadPersonalInfo>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <div className="mt-6 space-y-6">
        <Section id="name" title={t("personalInfo.name")}>
          <NameForm firstName={info.firstName} lastName={info.lastName} />
        </Section>
        <Section
          id="phone"
          title={t("login.phone")}
          current={info.phone ? formatPhone(info.phone) : t("personalInfo.none")}
        >
          <ChangeStep kind="phone" pending={info.pendingPhone} change={change}>
            <NewContactForm kind="phone" />
          </ChangeStep>
        </Section>
        <Section id="email" title={t("login.email")} current={info.email}>
          <ChangeStep kind="email" pending={info.pendingEmail} change={change}>
            <NewContactForm kind="email" />
          </ChangeStep>
        </Section>
        <Section id="location" title={t("personalInfo.location")}>
          <LocationForm location={info.location} countries={countries} />
        </Section>
      </div>
    </>
  );
}

function Section(props: { id: string; title: string; current?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { id, title, current, children } = props;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-ink">
        {title}
      </h2>
      {current !== undefined ? (
        <p className="mt-1 text-sm text-slate-700">
          {t("personalInfo.current")}: <span className="font-medium text-slate-900">{current}</span>
        </p>
      ) : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
