import { lazy } from "react";

/**
 * The availability calendar, its code (the date picker, react-day-picker and date-fns, about
 * 25 KiB gzip) fetched when it is first shown: only in the browser, after the page is
 * interactive (the page shows the list of days until then). Render it inside a Suspense boundary.
 */
export const LazyAvailabilityCalendar = lazy(() =>
  import("~/features/booking/availability-calendar").then((module) => ({ default: module.AvailabilityCalendar })),
);
