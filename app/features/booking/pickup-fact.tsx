import { useTranslation } from "~/platform/i18n-react";

/**
 * A booking's pickup as one fact of a definition list: "Pickup at 08:30 (Europe/Lisbon) — Hotel
 * Avenida, Av. da Liberdade 1" (the time local to the experience's zone, named); nothing without a
 * pickup.
 */
export function PickupFact({
  pickup,
  timezone,
  termClassName,
}: {
  pickup: {
    name: string;
    address: string;
    localTime: string;
  } | null;
  timezone: string;
  termClassName: string;
}) {
  const { t } = useTranslation();
  if (!pickup) return null;
  return (
    <>
      <dt className={termClassName}>{t("pickupPoints.heading")}</dt>
      <dd data-testid="booking-pickup">
        {t("pickupPoints.at", {
          time: pickup.localTime,
          zone: timezone,
          place: [pickup.name, pickup.address].filter(Boolean).join(", "),
        })}
      </dd>
    </>
  );
}
