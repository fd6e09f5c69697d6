import { useTranslation } from "~/platform/i18n-react";

/** An experience's status, "Draft" or "Published", in words (never only a colour). */
export function StatusBadge({ status }: { status: "draft" | "published" }) {
  const { t } = useTranslation();
  const look = status === "published" ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-900";
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${look}`} data-testid="status">
      {t(`operatorExperiences.status_${status}`)}
    </span>
  );
}
