import { useTranslation } from "~/platform/i18n-react";
import { durationParts } from "~/ui/format";

export function DurationText({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  const { hours, minutes: rest } = durationParts(minutes);
  if (hours === 0) return <span>{t("duration.minutes", { count: rest })}</span>;
  if (rest === 0) return <span>{t("duration.hours", { count: hours })}</span>;
  return <span>{t("duration.hoursMinutes", { hours, minutes: rest })}</span>;
}
