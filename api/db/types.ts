import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** The database handle services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
