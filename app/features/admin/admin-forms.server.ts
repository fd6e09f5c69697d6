/** The admin pages' form schemas, as their loaders and actions import them (never the browser build). */
export {
  APPLICATION_SCHEMAS,
  CommissionSchema,
  OPERATOR_MONEY_SCHEMAS,
  OPERATOR_SCHEMAS,
  RejectSchema,
  SuspendSchema,
} from "./admin-schemas";
