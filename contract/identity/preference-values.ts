/** Notification categories, channels and defaults: plain values, safe for the browser bundle. */
/** What a message is about (spec: the account's notification preferences). */
export const NOTIFICATION_CATEGORIES = ["booking", "reminders", "tips", "referrals", "news"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** How it reaches the guest besides the account's own list (which always has it). */
export const NOTIFICATION_CHANNELS = ["email", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type NotificationPreferences = Record<NotificationCategory, Record<NotificationChannel, boolean>>;

/** Until the guest chooses: every email but news; text messages for reminders only. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  booking: { email: true, sms: false },
  reminders: { email: true, sms: true },
  tips: { email: true, sms: false },
  referrals: { email: true, sms: false },
  news: { email: false, sms: false },
};
