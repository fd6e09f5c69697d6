import pino from "pino";
import { config } from "~/platform/config.server";

/** The web process's one logger: JSON lines in production, readable lines locally. */
export const logger = pino({
  name: "web",
  level: config.LOG_LEVEL,
  ...(!config.production && !process.env.CI
    ? { transport: { target: "pino-pretty", options: { colorize: false, translateTime: "SYS:HH:MM:ss.l" } } }
    : {}),
});

export function errorFields(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error);
}
