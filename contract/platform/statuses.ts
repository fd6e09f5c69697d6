/**
 * The statuses of issue 44's records, in a module of their own (no zod): the pages' lists and
 * filters take them in the browser's build (tests/build/client-bundle.test.ts).
 */
export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const OPERATOR_STATUSES = ["active", "suspended"] as const;
