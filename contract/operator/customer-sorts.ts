/** The customers list's orders (GET /v1/operator/customers `sort`): a plain module, read by the page too. */
export const CUSTOMER_SORTS = ["recent", "email", "spent"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
