/**
 * A tiny HTTP server around the v1 app for the multi-process tests: the Hono app on node:http,
 * on a random port, against the database named by DATABASE_URL. Prints "listening <port>" once
 * the database is open; stops on SIGTERM.
 *
 *   node --import tsx tests/support/booking-server.ts
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { app } from "../../api/app";
import { closeDb, getDb } from "../../api/db/client";

await getDb();

const server = createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const body = chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const response = await app.fetch(
      new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, { method: req.method, headers, body }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end(String(error));
  }
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});

process.on("SIGTERM", () => {
  server.close();
  void closeDb().finally(() => process.exit(0));
});
