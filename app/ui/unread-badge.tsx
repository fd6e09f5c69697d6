import { useTranslation } from "~/platform/i18n-react";
import { useRootData } from "~/platform/root-data";

/** The signed-in user's unread notifications, as a small count beside a link (nothing at zero). */
export function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useRootData()?.user?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span
      className="ml-1.5 inline-flex min-w-[1.25rem] items-center justify-center rounded-full bg-brand px-1.5 text-xs font-semibold text-white"
      data-testid="unread-badge"
    >
      <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
      <span className="sr-only">{t("notifications.unreadCount", { count: unread })}</span>
    </span>
  );
}
