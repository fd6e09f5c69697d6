// The server the end-to-end tests run against: a fresh embedded database every run.
import { rmSync } from "node:fs";

const dir = ".data-e2e";
rmSync(dir, { recursive: true, force: true });
process.env.PGLITE_DIR = `${dir}/pglite`;
process.env.APP_ENV ??= "local";
await import("./start.mjs");
