import type { ReactNode } from "react";
import { NavLink } from "@remix-run/react";

export interface Section {
  to: string;
  label: string;
  /** Current only on this exact path (an area's overview), not on the pages below it. */
  end: boolean;
  /** Shown after the label (a count, a badge). */
  after?: ReactNode;
}

/** An area's sections (the account, the console); the current one has aria-current="page". */
export function SectionNav({ label, sections, className }: { label: string; sections: Section[]; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      {/* Phones: the sections wrap onto as many rows as they need (all in sight, no sideways scroll). */}
      <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand/10 font-semibold text-slate-900" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {section.label}
              {section.after}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
