import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/platform/i18n-react";
import type { Booking } from "~/features/booking/bookings";
import { formatMoney } from "~/ui/format";
import { useIsPending } from "~/ui/use-is-pending";
import { CardSection } from "~/ui/labelled-section";
import { Button } from "~/ui/button";

/** The confirmation step's anchor: the address brings it into view without JavaScript. */
const CANCEL_STEP_ID = "cancel-step";

/**
 * The confirmation step's heading takes the focus when the step opens (a screen reader says it,
 * and the step comes into view on a phone, where it sits far down the page).
 */
function CancelStepHeading() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none" data-testid="cancel-step-heading">
      {t("booking.confirmCancelTitle")}
    </h3>
  );
}

/** Cancelling is two steps: the policy and the refund first, then the confirmation. */
export function Cancellation({ booking, confirm }: { booking: Booking; confirm: boolean }) {
  const { t, i18n } = useTranslation();
  const cancelling = useIsPending({ intent: "cancel" });
  const refund = booking.refundIfCancelledMinor;
  return (
    <CardSection headingId="cancel-heading" plainHeading heading={t("booking.cancelTitle")}>
      <p className="mt-1 text-sm text-slate-700">
        {t("bookings.cancelHint", { hours: booking.cancellationCutoffHours })}
      </p>
      {confirm ? (
        <Form method="post" id={CANCEL_STEP_ID} className="mt-3 scroll-mt-4 space-y-3">
          <CancelStepHeading />
          <p className="text-sm font-medium" data-testid="refund-preview">
            {refund > 0
              ? t("booking.refundPreview", { amount: formatMoney(refund, booking.currency, i18n.language) })
              : t("booking.noRefundDue")}
          </p>
          <input type="hidden" name="intent" value="cancel" />
          <div className="flex flex-wrap gap-3">
            <Button variant="dangerSolid" disabled={cancelling} className="disabled:opacity-60">
              {t("booking.confirmCancel")}
            </Button>
            <Link to="." className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
              {t("booking.keepBooking")}
            </Link>
          </div>
        </Form>
      ) : (
        <Link
          to={`?cancel=1#${CANCEL_STEP_ID}`}
          className="mt-3 inline-block rounded-md border border-slate-300 px-3 py-2 text-sm font-medium"
        >
          {t("bookings.cancel")}
        </Link>
      )}
    </CardSection>
  );
}
