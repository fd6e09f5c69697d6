import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { CHANGE_FEED_EVENTS, HEARTBEAT_SECONDS, type ChangeEvent } from "~contract/system/change-feed";
import { endpoints } from "~contract/endpoints";
import { stopping } from "~runtime/process-lifecycle.mjs";
import type { ChangeTopic } from "~contract/system/changes";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { followChanges, hearingEveryProcess, onChangesClosed } from "../changes/feed";

/** How long `ready` waits for the bus to hear the other processes before it is sent anyway. */
const READY_WAIT_MS = 2_000;

export const changeRoutes = new Hono<AppEnv>();

/**
 * GET /v1/changes (contract/system/change-feed.ts): Server-Sent Events, one reader per web process. What
 * a slow reader has not taken yet is merged into one event, so a stuck reader holds one pending
 * write, not one per announcement.
 */
handle(changeRoutes, endpoints.changeFeed, { db: false }, (c) => {
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const pending = new Set<ChangeTopic>();
    let writing = false;
    const flush = async () => {
      if (writing) return;
      writing = true;
      while (pending.size > 0 && !stream.aborted) {
        const event: ChangeEvent = { topics: [...pending] };
        pending.clear();
        await stream.writeSSE({ event: CHANGE_FEED_EVENTS.changes, data: JSON.stringify(event) });
      }
      writing = false;
    };
    const unfollow = followChanges((topics) => {
      for (const topic of topics) pending.add(topic);
      void flush();
    });
    let unclosed = () => {};
    // The reader went away, or the process is stopping (./feed.ts closeChanges).
    const ended = new Promise<void>((resolve) => {
      stream.onAbort(resolve);
      unclosed = onChangesClosed(resolve);
      if (stopping()) resolve();
    });
    let waited: NodeJS.Timeout | undefined;
    const waiting = new Promise((resolve) => (waited = setTimeout(resolve, READY_WAIT_MS)));
    await Promise.race([hearingEveryProcess(), ended, waiting]);
    clearTimeout(waited);
    await stream.writeSSE({ event: CHANGE_FEED_EVENTS.ready, data: "{}" });
    const heartbeat = setInterval(() => void stream.write(": still here\n\n"), HEARTBEAT_SECONDS * 1000);
    heartbeat.unref();
    await ended;
    clearInterval(heartbeat);
    unclosed();
    unfollow();
  });
});
