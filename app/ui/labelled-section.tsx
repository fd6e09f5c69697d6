import type { ComponentPropsWithoutRef, ReactNode } from "react";

type Props = Omit<ComponentPropsWithoutRef<"section">, "aria-labelledby"> & {
  /** The heading's id: the section is named by its heading (aria-labelledby). */
  headingId: string;
  heading: ReactNode;
  headingClassName: string;
  "data-testid"?: string;
};

/** A region named by its own <h2>: the section's label is the heading screen readers announce. */
export function LabelledSection({ headingId, heading, headingClassName, children, ...section }: Props) {
  return (
    <section aria-labelledby={headingId} {...section}>
      <h2 id={headingId} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
