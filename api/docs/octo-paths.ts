/**
 * The OCTO supplier API's part of /v1/openapi.json (issue 47), under the tag "OCTO": drawn from
 * the same declarations the API parses its requests with (contract/octo/endpoints.ts).
 */
import type { OpenAPIRegistry, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  OCTO_CAPABILITIES,
  OCTO_CAPABILITIES_HEADER,
  octoEndpoints,
  type OctoEndpoint,
} from "~contract/octo/endpoints";
import { octoError } from "~contract/octo/outputs";

export const OCTO_TAG = "OCTO";

const errorContent = { "application/json": { schema: octoError } };

function octoRoute(name: string, entry: OctoEndpoint): RouteConfig {
  const own = entry.errors.map((code) => `\`${code}\``).join(", ");
  return {
    method: entry.method.toLowerCase() as RouteConfig["method"],
    path: entry.path.replace(/:([A-Za-z]+)/g, "{$1}"),
    operationId: name,
    summary: entry.summary,
    description:
      "A reseller's API key (Authorization: Bearer); the answer is OCTO's shape, without the v1 envelope. " +
      `${OCTO_CAPABILITIES_HEADER} names the optional capabilities asked for (${OCTO_CAPABILITIES.join(", ")}): ` +
      "octo/pricing adds prices in minor units; the answer's header names those granted.",
    tags: [OCTO_TAG],
    security: [{ octoKey: [] }],
    "x-error-codes": [...entry.errors],
    request: {
      params: entry.params,
      ...(entry.query ? { query: entry.query } : {}),
      headers: z.object({ [OCTO_CAPABILITIES_HEADER]: z.string().optional() }),
      body: entry.body && { required: true, content: { "application/json": { schema: entry.body } } },
    },
    responses: {
      "200": { description: "Success.", content: { "application/json": { schema: entry.output } } },
      "400": {
        description: `\`BAD_REQUEST\`: the request does not parse${own ? `; ${own} with the refused id echoed` : ""}.`,
        content: errorContent,
      },
      ...(entry.errors.includes("NOT_FOUND")
        ? { "404": { description: "`NOT_FOUND`: no such one of this reseller's.", content: errorContent } }
        : {}),
      "401": { description: "`UNAUTHORIZED`: no key, or an unknown or revoked one.", content: errorContent },
      "403": { description: "`FORBIDDEN`: the supplier takes no bookings at the moment.", content: errorContent },
      "429": { description: "`TOO_MANY_REQUESTS`: this key's limit; see Retry-After.", content: errorContent },
    },
  };
}

/** Registers the OCTO endpoints and their key's security scheme. */
export function registerOcto(registry: OpenAPIRegistry): void {
  registry.registerComponent("securitySchemes", "octoKey", {
    type: "http",
    scheme: "bearer",
    description: "A reseller's API key for /octo (made in the console; shown once).",
  });
  for (const [name, entry] of Object.entries(octoEndpoints)) registry.registerPath(octoRoute(name, entry));
}
