import { useTranslation } from "~/platform/i18n-react";
import { SectionNav } from "~/ui/section-nav";

/** One experience's pages in the console: its details, photos, schedule, departures, services and prices. */
export function ExperienceNav({ experienceId, title }: { experienceId: string; title: string }) {
  const { t } = useTranslation();
  const base = `/console/experiences/${experienceId}`;
  const sections = [
    { to: base, label: t("console.experienceDetails"), end: true },
    { to: `${base}/photos`, label: t("console.experiencePhotos"), end: false },
    { to: `${base}/prices`, label: t("console.experiencePrices"), end: false },
    { to: `${base}/questions`, label: t("console.experienceQuestions"), end: false },
    { to: `${base}/add-ons`, label: t("console.experienceAddOns"), end: false },
    { to: `${base}/pickup-points`, label: t("console.experiencePickupPoints"), end: false },
    { to: `${base}/schedule`, label: t("console.experienceSchedule"), end: false },
    { to: `${base}/departures`, label: t("console.experienceDepartures"), end: false },
  ];
  return (
    <SectionNav
      label={t("console.experienceSectionsLabel", { title })}
      sections={sections}
      className="mb-6 md:[&_ul]:flex md:[&_ul]:gap-1 md:[&_ul]:space-y-0"
    />
  );
}
