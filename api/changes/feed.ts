import { EventEmitter } from "node:events";
import { CHANGE_TOPICS, type ChangeTopic } from "~contract/system/changes";
import { onStopping } from "~runtime/process-lifecycle.mjs";
import { onBeforeCloseDb } from "../db/client";
import { getApiEnv } from "../env";
import { openChangeBus, type ChangeBus } from "./bus";

/**
 * The API's word on what changed (contract/system/changes.ts): a write that committed, or background
 * work (expired holds, demand), announces its topics here. This process's followers hear it at
 * once, every other process's through the bus (./bus.ts), and each process's followers are
 * whoever reads its feed (GET /v1/changes, ./routes.ts: the web's caches).
 *
 * Kept on globalThis, like the database: a dev server re-importing a rebuilt bundle keeps one
 * feed and one bus connection.
 */
interface FeedState {
  emitter: EventEmitter;
  bus: ChangeBus | null;
}
const state = ((globalThis as { [key: symbol]: unknown })[Symbol.for("api.changes.feed")] ??= {
  emitter: new EventEmitter().setMaxListeners(0),
  bus: null,
}) as FeedState;

// When the process begins to stop, the feed's readers are let go at once: an endless stream must
// not hold the shutdown's drain (the bus stays open until the database closes).
onStopping(() => state.emitter.emit("closed"));

function tell(topics: readonly ChangeTopic[]) {
  if (topics.length > 0) state.emitter.emit("changes", topics);
}

function bus(): ChangeBus {
  if (!state.bus) {
    state.bus = openChangeBus({ changed: tell, missed: () => tell(CHANGE_TOPICS) }, getApiEnv());
    // Before the database closes (shutdown): the feed's readers are let go and the bus closed.
    onBeforeCloseDb(closeChanges);
  }
  return state.bus;
}

/** Tells this process's followers now and every other process's through the bus; never throws. */
export function announceChanges(topics: readonly ChangeTopic[]): void {
  if (topics.length === 0) return;
  tell(topics);
  bus().publish(topics);
}

/**
 * Calls `listener` with every announcement from now on, this process's and the others'; the
 * answer stops it. Whenever the bus may have missed something (it reconnected), every topic.
 */
export function followChanges(listener: (topics: readonly ChangeTopic[]) => void): () => void {
  void bus().listen();
  state.emitter.on("changes", listener);
  return () => state.emitter.off("changes", listener);
}

/** Resolves once this process hears the others' announcements (at once with no other process to hear). */
export function hearingEveryProcess(): Promise<void> {
  return bus().listen();
}

/** Calls `listener` when the feed closes (the process is stopping); the answer stops it. */
export function onChangesClosed(listener: () => void): () => void {
  state.emitter.on("closed", listener);
  return () => state.emitter.off("closed", listener);
}

/** Lets every follower go and closes the bus (shutdown, tests). */
export async function closeChanges(): Promise<void> {
  state.emitter.emit("closed");
  const open = state.bus;
  state.bus = null;
  await open?.close();
}
