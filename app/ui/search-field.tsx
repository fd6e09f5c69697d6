import { useTranslation } from "~/platform/i18n-react";

/** The catalog's search words (`q`), labelled for screen readers: the home filters and the 404 page. */
export function SearchQueryField({
  id,
  defaultValue,
  className,
}: {
  id: string;
  defaultValue?: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("home.searchLabel")}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        defaultValue={defaultValue}
        placeholder={t("home.searchPlaceholder")}
        className={className}
      />
    </>
  );
}
