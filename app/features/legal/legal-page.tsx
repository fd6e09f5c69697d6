import { useTranslation } from "~/platform/i18n-react";
import { formatCalendarDay } from "~/ui/date-format";

export interface LegalPageData {
  title: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

/** Terms or privacy: headed sections, plain text, the date they were last changed. */
export function LegalPage({ title, updated, sections }: LegalPageData) {
  const { t, i18n } = useTranslation();
  const date = formatCalendarDay(updated, { locale: i18n.language, style: "long" });
  return (
    <article className="max-w-prose">
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("legal.updated", { date })}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
