import { getDb } from "~api/db/client";

/** The v1 API application, for the /v1 mount and the in-process API transport. */
export { app as apiApp } from "~api/app";

/** Open the database now; a server that cannot open it must not keep running. */
export function warmUpDatabase() {
  getDb().catch((error: unknown) => {
    console.error("Could not open the database:", error);
    process.exit(1);
  });
}
