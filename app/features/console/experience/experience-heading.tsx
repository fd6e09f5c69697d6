import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";

/** An experience page's top: back to the list, then its title (the experience's, or the new one's). */
export function ExperienceHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm">
        <Link to="/console/experiences" className="text-brand underline">
          {t("operatorExperiences.backToList")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
    </>
  );
}
