import pg from "pg";
import { getOpenedDb } from "../db/client";
import { errorFields, logger } from "../logger";
import type { BusTransport } from "./transport";

const CHANNEL = "wayfarer_changes";
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = "wayfarer-change-bus";
/** A quiet listener asks `select 1` this often: a connection a proxy or NAT dropped is noticed and renewed. */
const PING_MS = 30_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * The change bus on PostgreSQL's LISTEN/NOTIFY (./bus.ts): NOTIFY through the process's pool, and
 * one connection of its own that LISTENs, opened again (250 ms, doubling to 5 s apart) whenever it
 * fails or ends.
 */
export function postgresTransport(url: string): BusTransport {
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;
  let delay = RETRY_MIN_MS;
  let closed = false;
  let down = false;

  function lost(client: pg.Client, error?: unknown) {
    if (client !== listener) return;
    listener = null;
    client.end().catch(() => undefined);
    if (!down) logger.warn({ err: error ? errorFields(error) : "ended" }, "the change bus (PostgreSQL) is unavailable");
    down = true;
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }

  let onMessage: (message: string) => void = () => undefined;
  let onListening: () => void = () => undefined;

  async function open() {
    if (closed) return;
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_NAME,
      keepAlive: true,
      query_timeout: 5_000,
    });
    listener = client;
    client.on("notification", (notification) => {
      if (notification.channel === CHANNEL && notification.payload) onMessage(notification.payload);
    });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lost(client, error);
      return;
    }
    if (client !== listener) return;
    if (down) logger.info("the change bus (PostgreSQL) is back");
    down = false;
    delay = RETRY_MIN_MS;
    onListening();
  }

  return {
    async publish(message) {
      const { sql } = await getOpenedDb();
      await sql.executeSql("select pg_notify($1, $2)", [CHANNEL, message]);
    },
    listen(heard, listening) {
      onMessage = heard;
      onListening = listening;
      void open();
      ping = setInterval(() => {
        const client = listener;
        client?.query("select 1").catch((error: unknown) => lost(client, error));
      }, PING_MS);
      ping.unref();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
