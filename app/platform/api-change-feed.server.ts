import { changeEvent, CHANGE_FEED_EVENTS, HEARTBEAT_SECONDS } from "~contract/system/change-feed";
import { endpoints } from "~contract/endpoints";
import { config } from "~/platform/config.server";
import { sendToApi } from "~/platform/api.server";
import { errorFields, logger } from "~/platform/logger.server";
import { everythingChanged, topicsChanged } from "~runtime/topic-versions.mjs";

/**
 * This process follows the API's change feed (GET /v1/changes, contract/system/change-feed.ts) for as
 * long as it runs, so that a change made through any process of the API reaches this one's caches
 * at once (runtime/topic-versions.mjs): in the API's own fetch handler in one process, over HTTP
 * when the API runs apart (API_BASE_URL).
 *
 * - Each `ready` (the first, and after every reconnection) drops everything kept: what changed
 *   while the feed was not followed was not heard.
 * - A feed that fails, ends or stays silent past three heartbeats is followed again after a pause
 *   that doubles from 250 ms up to 10 s (reset once it is ready again). Logged once per outage.
 * - Stops with the process (SIGTERM, SIGINT): it must not keep it running or open the API again.
 */
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;
const SILENCE_MS = 3 * HEARTBEAT_SECONDS * 1000;
const FOLLOWING = Symbol.for("web.apiChangeFeed");

export function followApiChanges(): void {
  const global = globalThis as { [FOLLOWING]?: boolean };
  if (global[FOLLOWING]) return;
  global[FOLLOWING] = true;
  let stopped = false;
  let current: AbortController | null = null;
  const stop = () => {
    stopped = true;
    current?.abort();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  void (async () => {
    let delay = RETRY_MIN_MS;
    let failing = false;
    while (!stopped) {
      current = new AbortController();
      try {
        for await (const { event, data } of serverSentEvents(current)) {
          if (event === CHANGE_FEED_EVENTS.ready) {
            everythingChanged();
            if (failing) logger.info("following the API's changes again");
            failing = false;
            delay = RETRY_MIN_MS;
          } else if (event === CHANGE_FEED_EVENTS.changes) {
            const parsed = changeEvent.safeParse(parseJson(data));
            if (parsed.success) topicsChanged(parsed.data.topics);
          }
        }
        if (!stopped && !failing) logger.warn("the API's change feed ended");
      } catch (error) {
        if (!stopped && !failing) logger.warn({ err: errorFields(error) }, "the API's change feed failed");
      }
      failing = true;
      if (stopped) break;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  })();
}

/** The feed's events as they come; ends with the feed, and aborts it after SILENCE_MS without a byte. */
async function* serverSentEvents(controller: AbortController): AsyncGenerator<{ event: string; data: string }> {
  const url = new URL(endpoints.changeFeed.path, config.API_BASE_URL ?? "http://localhost");
  const answer = await sendToApi(
    new Request(url, { headers: { Accept: "text/event-stream" }, signal: controller.signal }),
  );
  if (!answer.ok || !answer.body) {
    await answer.body?.cancel();
    throw new Error(`the API's change feed answered ${answer.status}`);
  }
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let silence = setTimeout(() => controller.abort(), SILENCE_MS);
  controller.signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined));
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
      buffered += value.replace(/\r\n?/g, "\n");
      for (let end = buffered.indexOf("\n\n"); end !== -1; end = buffered.indexOf("\n\n")) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        let event = "message";
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        if (data.length > 0 || event !== "message") yield { event, data: data.join("\n") };
      }
    }
  } finally {
    clearTimeout(silence);
    controller.abort();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
