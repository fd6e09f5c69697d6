import { useTranslation } from "~/platform/i18n-react";

/** "Given in English and Portuguese": the languages the operator set, named in the page's language. */
export function ExperienceLanguages({ codes }: { codes: string[] }) {
  const { t, i18n } = useTranslation();
  if (codes.length === 0) return null;
  const names = new Intl.DisplayNames([i18n.language, "en"], { type: "language", fallback: "code" });
  const languages = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
    codes.map((code) => names.of(code) ?? code),
  );
  return (
    <p className="mt-1 text-slate-700" data-testid="experience-languages">
      {t("operatorExperiences.givenIn", { languages })}
    </p>
  );
}
