import type { getZodConstraint } from "@conform-to/zod";
import type { OperatorServices } from "~contract/operator/services";

type Constraints = ReturnType<typeof getZodConstraint>;

/** The Prices page's data, as its loader gives it (and the page's parts read it). */
export interface PricesPageData {
  page: OperatorServices;
  /** The operator's currency's decimals: what a price may be typed with. */
  digits: number;
  constraints: {
    service: Constraints;
    create: Constraints;
    delete: Constraints;
    prices: Constraints;
    private: Constraints;
    deposit: Constraints;
  };
  /** A fresh key per page answer: the new-service form sent twice adds one service. */
  idempotencyKey: string;
  title: string;
  flash: string | null;
}
