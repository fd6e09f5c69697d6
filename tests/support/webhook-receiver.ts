/**
 * A real webhook receiver for the webhook tests: node:http on 127.0.0.1 at a random port, keeping
 * every request it gets (headers, raw body) and answering the statuses it is given in turn (then
 * 200). `redirectTo` makes it answer 302 with that Location instead.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The statuses of the next answers, in turn (then 200). */
  answer(statuses: number[]): void;
  redirectTo(location: string | null): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let script: number[] = [];
  let redirect: string | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        path: request.url ?? "",
      });
      if (redirect) {
        response.writeHead(302, { location: redirect }).end();
        return;
      }
      response.writeHead(script.shift() ?? 200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (statuses) => {
      script = [...statuses];
    },
    redirectTo: (location) => {
      redirect = location;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return receiver;
}

/** Call at a file's top level: `start()` makes a receiver, each closed after the file's tests. */
export function receiversForThisFile(): { start: () => Promise<Receiver> } {
  const open: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(open.map((receiver) => receiver.close()));
  });
  return {
    start: async () => {
      const receiver = await startReceiver();
      open.push(receiver);
      return receiver;
    },
  };
}
