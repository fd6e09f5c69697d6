import type { ComponentPropsWithoutRef, ReactNode } from "react";

export type LabelledSectionProps = Omit<ComponentPropsWithoutRef<"section">, "aria-labelledby"> & {
  /** The heading's id: the section is named by its heading (aria-labelledby). */
  headingId: string;
  heading: ReactNode;
  headingClassName: string;
  "data-testid"?: string;
};

/** A region named by its own <h2>: the section's label is the heading screen readers announce. */
export function LabelledSection({ headingId, heading, headingClassName, children, ...section }: LabelledSectionProps) {
  return (
    <section aria-labelledby={headingId} {...section}>
      <h2 id={headingId} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

const CARD = "rounded-xl border border-slate-200 p-4";

/**
 * A labelled section in a bordered card; `className` is its place on the page (a margin, a width).
 * The heading is the console's unless `headingClassName` says otherwise.
 */
export function CardSection({
  className,
  headingClassName = "text-lg font-semibold text-brand-ink",
  ...section
}: Omit<LabelledSectionProps, "headingClassName"> & { headingClassName?: string }) {
  return (
    <LabelledSection
      headingClassName={headingClassName}
      className={className ? `${className} ${CARD}` : CARD}
      {...section}
    />
  );
}
