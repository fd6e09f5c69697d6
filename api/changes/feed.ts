import { EventEmitter } from "node:events";
import type { ChangeTopic } from "~contract/changes";

/**
 * The API's word on what changed (contract/changes.ts): a write that committed, or background
 * work (expired holds, demand), announces its topics here; whoever follows the feed hears them.
 */
const feed = new EventEmitter();
feed.setMaxListeners(0);

export function announceChanges(topics: readonly ChangeTopic[]): void {
  if (topics.length > 0) feed.emit("changes", topics);
}

/** Calls `listener` with every announcement from now on; the answer stops it. */
export function followChanges(listener: (topics: readonly ChangeTopic[]) => void): () => void {
  feed.on("changes", listener);
  return () => feed.off("changes", listener);
}
