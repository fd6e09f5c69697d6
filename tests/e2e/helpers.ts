import { request as httpRequest } from "node:http";

export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const origin = (host = "localhost") => `http://${host}:${PORT}`;

/** A raw HTTP GET with any Host header (browsers cannot send arbitrary ones). */
export function rawGet(
  path: string,
  host: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, path, headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
