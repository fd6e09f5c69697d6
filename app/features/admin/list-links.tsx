import { Link } from "@remix-run/react";

/** A list's views as plain GET links (tabs that work without JavaScript); the current one is aria-current. */
export function ViewLinks({
  label,
  views,
  current,
}: {
  label: string;
  views: Array<{ value: string; label: string; href: string }>;
  current: string;
}) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-2">
        {views.map((view) => (
          <li key={view.value}>
            <Link
              to={view.href}
              aria-current={view.value === current ? "page" : undefined}
              className={`block rounded-md px-3 py-1.5 text-sm font-medium ${view.value === current ? "bg-brand/10 text-slate-900" : "text-slate-700 underline hover:bg-slate-100"}`}
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
