/**
 * Before each file of the shared-process project (vitest.config.ts): what an earlier file in this
 * worker left in the process is forgotten. Its database was closed after it and this file opens
 * its own copy of the seed; the caches kept by topic (the web's reads and pages) and the test
 * clock's offset belonged to that earlier database.
 */
import { forgetClock } from "~api/clock";
import { everythingChanged } from "~runtime/topic-versions.mjs";

everythingChanged();
forgetClock();
