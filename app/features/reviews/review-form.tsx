import { useTranslation } from "~/platform/i18n-react";
import { CardSection } from "~/ui/labelled-section";
import { PendingSubmit } from "~/ui/form-parts";
import { useIsPending } from "~/ui/use-is-pending";
import { IntentForm } from "~/ui/intent-form";

const SEND = "rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";

const STARS = [5, 4, 3, 2, 1] as const;

/** After the trip: 1–5 stars and a few words, as a plain form post (the API checks the rest). */
export function ReviewForm({ errors }: { errors: Record<string, string[] | undefined> | undefined }) {
  const { t } = useTranslation();
  const sending = useIsPending({ intent: "review" });
  const ratingError = errors?.rating?.[0];
  const bodyError = errors?.body?.[0];
  return (
    <CardSection id="review" headingId="review-heading" heading={t("reviews.formTitle")} plainHeading>
      <p className="mt-1 text-sm text-slate-700">{t("reviews.formHint")}</p>
      <IntentForm intent="review" className="mt-3 space-y-4" preventScrollReset>
        <fieldset aria-describedby={ratingError ? "rating-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("reviews.rating")}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {STARS.map((stars) => (
              <label key={stars} className="flex items-center gap-1.5 text-sm">
                <input type="radio" name="rating" value={stars} required />
                <span aria-hidden="true">{"★".repeat(stars)}</span>
                <span className="sr-only">{t("reviews.stars", { count: stars })}</span>
              </label>
            ))}
          </div>
          {ratingError ? (
            <p id="rating-error" className="mt-1 text-sm text-red-700">
              {t(ratingError)}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor="review-body" className="block text-sm font-medium text-slate-800">
            {t("reviews.body")}
          </label>
          <textarea
            id="review-body"
            name="body"
            required
            minLength={10}
            maxLength={2000}
            rows={4}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyError ? "review-body-error" : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          {bodyError ? (
            <p id="review-body-error" className="mt-1 text-sm text-red-700">
              {t(bodyError)}
            </p>
          ) : null}
        </div>
        <PendingSubmit pending={sending} className={SEND}>
          {t("reviews.submit")}
        </PendingSubmit>
      </IntentForm>
    </CardSection>
  );
}
