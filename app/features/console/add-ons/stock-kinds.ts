/** How an add-on's stock is counted, as the console's form chooses it (plain: the page loads it before its form rules). */
export const STOCK_KINDS = ["none", "departure", "total"] as const;
