import type { ComponentPropsWithoutRef, ReactNode } from "react";

export type LabelledSectionProps = Omit<ComponentPropsWithoutRef<"section">, "aria-labelledby"> & {
  /** The heading's id: the section is named by its heading (aria-labelledby). */
  headingId: string;
  heading: ReactNode;
  headingClassName: string;
  /** <h2> unless told (an <h3> for a part of a section; null: a <p>, above the page's own heading). */
  headingLevel?: 2 | 3 | null;
  "data-testid"?: string;
};

/** A region named by its own heading (<h2>): the section's label is the heading screen readers announce. */
export function LabelledSection({
  headingId,
  heading,
  headingClassName,
  headingLevel = 2,
  children,
  ...section
}: LabelledSectionProps) {
  const Heading = headingLevel === null ? "p" : headingLevel === 3 ? "h3" : "h2";
  return (
    <section aria-labelledby={headingId} {...section}>
      <Heading id={headingId} className={headingClassName}>
        {heading}
      </Heading>
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

/**
 * A notice on amber that the page says before its own business (an operator suspended, a storefront
 * not taking bookings): a labelled section named by its heading (`${id}-heading`), its test id `id`; its heading
 * a paragraph above the page's own heading (`headingLevel` null) or an <h2>/<h3> inside the page.
 * `className` is its place on the page (a margin).
 */
export function NoticeSection({
  id,
  className,
  ...section
}: Omit<LabelledSectionProps, "headingId" | "headingClassName" | "data-testid"> & { id: string }) {
  return (
    <LabelledSection
      headingId={`${id}-heading`}
      data-testid={id}
      headingClassName="text-lg font-semibold"
      className={`${className ? `${className} ` : ""}rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900`}
      {...section}
    />
  );
}

/**
 * One of a page's parts under a rule above it, named by its heading (`${id}-heading`): an <h2> on a
 * page, an <h3> inside a section.
 */
export function RuledSection({
  id,
  heading,
  level = 2,
  children,
}: {
  id: string;
  heading: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <LabelledSection
      headingId={`${id}-heading`}
      heading={heading}
      headingLevel={level}
      headingClassName={level === 2 ? "text-lg font-semibold text-slate-900" : "font-semibold text-slate-900"}
      className={`border-t border-slate-200 ${level === 2 ? "mt-6 pt-5" : "mt-5 pt-4"}`}
    >
      {children}
    </LabelledSection>
  );
}
