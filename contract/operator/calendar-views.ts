/** The console calendar's views (GET /v1/operator/calendar `view`): a plain module, read by the page too. */
export const CALENDAR_VIEWS = ["week", "month"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
