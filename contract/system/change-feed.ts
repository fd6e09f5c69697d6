import { z } from "zod";
import { CHANGE_TOPICS } from "./changes";

/**
 * The API's change feed: what its writes changed (./changes.ts), told as it happens to whoever
 * keeps the API's answers (the web's caches), whichever API process made the change.
 *
 * Answered as Server-Sent Events (`text/event-stream`), not the JSON envelope, and never ends on
 * its own: first a `ready` event once the process hears every other one (what changed before
 * may have been missed: drop everything kept), then a `changes` event per announcement (its data
 * one `ChangeEvent` as JSON), and a comment line every HEARTBEAT_SECONDS so that a reader can tell
 * a quiet feed from a dead connection.
 */
export const changeEvent = z.object({ topics: z.array(z.enum(CHANGE_TOPICS)) });
export type ChangeEvent = z.infer<typeof changeEvent>;

export const CHANGE_FEED_EVENTS = { ready: "ready", changes: "changes" } as const;

/** How often a quiet feed sends its comment line. */
export const HEARTBEAT_SECONDS = 15;
