import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DurationText } from "~/ui/duration-text";
import type { ExperienceCard as Card } from "~/features/catalog/catalog";
import { formatMoney } from "~/ui/format";

export function ExperienceCard({ experience, showOperator }: { experience: Card; showOperator: boolean }) {
  const { t, i18n } = useTranslation();
  const href = `/experiences/${experience.id}/${experience.firstServiceId}`;
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        src={experience.imageUrl ?? "/images/placeholder.svg"}
        alt=""
        width={640}
        height={400}
        loading="lazy"
        className="aspect-[16/10] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
          {experience.category.name} · {experience.city.name}
        </p>
        <h3 className="mt-1 text-lg font-semibold leading-snug">
          <Link
            to={href}
            className="after:absolute after:inset-0 focus:outline-none group-focus-within:underline"
            prefetch="intent"
          >
            {experience.title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">{experience.summary}</p>
        <div className="mt-auto flex items-end justify-between pt-4 text-sm">
          <div className="text-slate-600">
            <DurationText minutes={experience.durationMinutes} />
            {showOperator ? <span className="block">{t("home.by", { name: experience.operator.name })}</span> : null}
          </div>
          <p className="font-semibold text-slate-900">
            {t("home.priceFrom", {
              price: formatMoney(experience.priceFrom.amount, experience.priceFrom.currency, i18n.language),
            })}
          </p>
        </div>
      </div>
    </li>
  );
}
