import { z } from "zod";

/** GET /v1/openapi.json: an OpenAPI 3.1 document (its standard describes the rest of it). */
export const openApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.unknown()).optional(),
});

/** GET /v1/docs: the reference's HTML page; GET /v1/docs/scalar.js: the script that renders it. */
export const text = z.string();
