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
 * Its heading is in the brand's ink (the console, the account), or plain (`plainHeading`).
 */
export function CardSection({
  className,
  plainHeading = false,
  ...section
}: Omit<LabelledSectionProps, "headingClassName"> & { plainHeading?: boolean }) {
  return (
    <LabelledSection
      headingClassName={plainHeading ? "text-lg font-semibold" : "text-lg font-semibold text-brand-ink"}
      className={className ? `${className} ${CARD}` : CARD}
      {...section}
    />
  );
}
