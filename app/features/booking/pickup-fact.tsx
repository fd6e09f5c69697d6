import { useTranslation } from "~/platform/i18n-react";
import type { Translate } from "~/platform/translate";

type ShownPickup = { name: string; address: string; localTime: string };

/** "Pickup at 08:30 (Europe/Lisbon) — Hotel Avenida, Av. da Liberdade 1": the time local to the experience's zone, named. */
export const pickupText = (t: Translate, pickup: ShownPickup, timezone: string) =>
  t("pickupPoints.at", {
    time: pickup.localTime,
    zone: timezone,
    place: [pickup.name, pickup.address].filter(Boolean).join(", "),
  });

/** A booking's pickup as one fact of a definition list (pickupText); nothing without a pickup. */
export function PickupFact({
  pickup,
  timezone,
  termClassName,
}: {
  pickup: ShownPickup | null;
  timezone: string;
  termClassName: string;
}) {
  const { t } = useTranslation();
  if (!pickup) return null;
  return (
    <>
      <dt className={termClassName}>{t("pickupPoints.heading")}</dt>
      <dd data-testid="booking-pickup">{pickupText(t, pickup, timezone)}</dd>
    </>
  );
}

/** A booking's pickup as a line under its departure's time (the receipt, the change-date page); nothing without one. */
export function PickupLine({
  pickup,
  timezone,
  className,
}: {
  pickup: ShownPickup | null;
  timezone: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!pickup) return null;
  return (
    <p className={className} data-testid="pickup-line">
      {pickupText(t, pickup, timezone)}
    </p>
  );
}
