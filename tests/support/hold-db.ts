/**
 * Child process for the lock tests: opens the process-wide database (PGLITE_DIR from
 * the environment), prints "ready", and waits to be signalled.
 */
import { getDb } from "../../api/db/client";

await getDb();
process.stdout.write("ready\n");
setInterval(() => undefined, 1_000);
