import { z } from "zod";

/** GET /v1/openapi.json: an OpenAPI 3.1 document (its standard describes the rest of it). */
export const openApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.unknown()).optional(),
});

/** GET /v1/docs: the reference's HTML page; /v1/docs/swagger-ui.js and .css: its script and stylesheet. */
export const text = z.string();
