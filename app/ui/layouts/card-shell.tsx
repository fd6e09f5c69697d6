import { BrandMark, SkipLink } from "~/ui/site-chrome";

/** A page alone on a white card under the brand: the login and the external (emailed links) layouts. */
export function CardShell({
  background,
  width,
  headerTop,
  roomy,
  children,
}: {
  /** The page's background classes. */
  background: string;
  /** The column's max-width class. */
  width: string;
  /** The header's top padding class. */
  headerTop: string;
  /** More padding inside the card from the sm breakpoint on. */
  roomy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`min-h-screen ${background}`}>
      <SkipLink />
      <header className={`mx-auto ${width} px-4 ${headerTop}`}>
        <BrandMark />
      </header>
      <main id="main" className={`mx-auto ${width} px-4 py-8`}>
        <div className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200${roomy ? " sm:p-8" : ""}`}>
          {children}
        </div>
      </main>
    </div>
  );
}
