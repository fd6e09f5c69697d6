import { useTranslation } from "~/platform/i18n-react";

/**
 * A booking's pickup as a line under its departure's time (the receipt, the change-date page), in
 * the words of the booking page's fact (PickupFact); nothing without one.
 */
export function PickupLine({
  pickup,
  timezone,
  className,
}: {
  pickup: { name: string; address: string; localTime: string } | null;
  timezone: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!pickup) return null;
  const place = [pickup.name, pickup.address].filter(Boolean).join(", ");
  return (
    <p className={className} data-testid="pickup-line">
      {t("pickupPoints.at", { time: pickup.localTime, zone: timezone, place })}
    </p>
  );
}
