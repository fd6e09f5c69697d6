import { Redis, type RedisOptions } from "ioredis";
import { errorFields, logger } from "../logger";
import type { BusTransport } from "./transport";

/** A quiet subscription is pinged this often: a connection a proxy or NAT dropped is noticed and renewed. */
const PING_MS = 30_000;

/**
 * The change bus on Redis pub/sub (./bus.ts): one connection publishes, another subscribes.
 * ioredis reconnects both by itself (at most 2 s apart); the subscriber subscribes again each
 * time its connection is ready, which tells the bus it hears again.
 */
export function redisTransport(url: string, keyPrefix: string): BusTransport {
  /** The deployment's channel (REDIS_KEY_PREFIX): another deployment on the same Redis is not heard. */
  const CHANNEL = `${keyPrefix}changes`;
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let ping: NodeJS.Timeout | null = null;
  return {
    async publish(message) {
      publisher ??= connect(url, "publisher", { maxRetriesPerRequest: 1 });
      await publisher.publish(CHANNEL, message);
    },
    listen(onMessage, onListening) {
      const client = connect(url, "subscriber", {
        autoResubscribe: false,
        commandTimeout: 5_000,
        // Named for its deployment: CLIENT LIST tells which deployment's listener it is.
        connectionName: `${keyPrefix.replace(/[^A-Za-z0-9_.-]/g, "_")}changes`,
      });
      subscriber = client;
      client.on("message", (channel: string, message: string) => {
        if (channel === CHANNEL) onMessage(message);
      });
      client.on("ready", () => {
        client.subscribe(CHANNEL).then(onListening, (error: unknown) => {
          logger.warn({ err: errorFields(error) }, "could not subscribe to the change bus (Redis)");
          client.disconnect(true);
        });
      });
      ping = setInterval(() => {
        if (client.status !== "ready") return;
        client.ping().catch(() => client.disconnect(true));
      }, PING_MS);
      ping.unref();
    },
    async close() {
      if (ping) clearInterval(ping);
      const clients = [publisher, subscriber];
      publisher = subscriber = null;
      await Promise.all(
        clients.map((client) =>
          // quit() waits for a connection that may never come back.
          client?.status === "ready" ? client.quit().catch(() => client.disconnect()) : client?.disconnect(),
        ),
      );
    },
  };
}

function connect(url: string, role: string, options: RedisOptions): Redis {
  const client = new Redis(url, { connectTimeout: 2_000, ...options });
  let down = false;
  // Logged once per outage: ioredis tries again every few seconds and says so each time.
  client.on("error", (error: unknown) => {
    if (!down) logger.warn({ err: errorFields(error), role }, "the change bus (Redis) is unavailable");
    down = true;
  });
  client.on("ready", () => {
    if (down) logger.info({ role }, "the change bus (Redis) is back");
    down = false;
  });
  return client;
}
