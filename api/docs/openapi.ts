import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ACCOUNT_CONTEXT_HEADER, accountSlug } from "~contract/catalog/accounts";
import { CHANGED_HEADER } from "~contract/system/changes";
import type { Endpoint, EndpointAuth } from "~contract/endpoint";
import { endpoints } from "~contract/endpoints";
import { errorEnvelopeOf } from "~contract/error-envelope";
import { COMMON_ERROR_CODES } from "~contract/errors";
import { REAUTH_WINDOW_MINUTES } from "~contract/identity/two-step";
import { MEMBER_ROLES } from "~contract/operator/member-roles";
import { FILE_FIELD } from "~contract/photos";
import { OCTO_TAG, registerOcto } from "./octo-paths";

// The generator reads what `.openapi()` would add; nothing here calls it.
extendZodWithOpenApi(z);

type Declared = Endpoint & { tag: string };

const SECURITY: Record<EndpointAuth, RouteConfig["security"]> = {
  public: [],
  optional: [{}, { bearer: [] }, { session: [] }],
  user: [{ bearer: [] }, { session: [] }],
  freshUser: [{ bearer: [] }, { session: [] }],
  platformAdmin: [{ bearer: [] }, { session: [] }],
};

const WHO: Record<EndpointAuth, string> = {
  public: "Anyone may call it.",
  optional: "Anyone may call it; with credentials the answer is the caller's.",
  user: "A signed-in user.",
  freshUser: "A signed-in user; the session's revocation is checked on every call.",
  platformAdmin: `A signed-in platform admin with a second factor, on the marketplace host (without ${ACCOUNT_CONTEXT_HEADER}); anyone else, and any call with ${ACCOUNT_CONTEXT_HEADER}, gets 404 \`not_found\` as an unknown path would.`,
};

/** The codes answered by the API itself (the client makes `network_error` and `http_error`). */
const COMMON_CODES = COMMON_ERROR_CODES.filter((code) => code !== "network_error" && code !== "http_error");

/** `/v1/bookings/:id` → `/v1/bookings/{id}` */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, "{$1}");
}

const tenantHeader = z.object({ [ACCOUNT_CONTEXT_HEADER]: accountSlug.optional() });

function successBody(entry: Declared): z.ZodTypeAny {
  if (entry.media === "image/*") return z.string().openapi({ format: "binary" });
  if (entry.media) return entry.output;
  if (entry.output instanceof z.ZodUndefined) return z.object({ success: z.literal(true) });
  return z.object({ data: entry.output });
}

function successes(entry: Declared): Record<string, ResponseConfig> {
  const headers = entry.changes?.length
    ? {
        [CHANGED_HEADER]: {
          description: `What the call changed for caches: ${entry.changes.join(", ")}.`,
          schema: { type: "string" as const },
        },
      }
    : undefined;
  return Object.fromEntries(
    (entry.statuses ?? [200]).map((status) => [
      String(status),
      {
        description: status === 201 ? "Created." : "Success.",
        headers,
        content: {
          [entry.media ?? "application/json"]: { schema: successBody(entry) },
          ...(entry.alternateMedia ? { [entry.alternateMedia]: { schema: z.string() } } : {}),
        },
      },
    ]),
  );
}

function failures(entry: Declared): Record<string, ResponseConfig> {
  if (entry.auth === "platformAdmin") return { ...adminFailures(), default: defaultFailure(entry) };
  return {
    ...(entry.auth === "public"
      ? {}
      : {
          "401": {
            description: "`unauthorized`: credentials missing, malformed, invalid, expired or revoked.",
            content: { "application/json": { schema: errorEnvelopeOf(["unauthorized"]) } },
          },
          ...(entry.auth === "optional" || entry.duringSecondStep
            ? {}
            : {
                "403": {
                  description: entry.reauth
                    ? "`second_step_required`: the session has not given its second step yet (POST /v1/auth/second-step); `reauthentication_required`: this action needs a fresh second step (`details.method`: `second_step` or `sign_in`)."
                    : "`second_step_required`: the session has not given its second step yet (POST /v1/auth/second-step).",
                  content: {
                    "application/json": {
                      schema: errorEnvelopeOf(
                        entry.reauth ? ["second_step_required", "reauthentication_required"] : ["second_step_required"],
                      ),
                    },
                  },
                },
              }),
        }),
    default: defaultFailure(entry),
  };
}

function defaultFailure(entry: Declared): ResponseConfig {
  const own = entry.errors.map((code) => `\`${code}\``).join(", ");
  return {
    description:
      (own
        ? `A failure in the error envelope. This endpoint's own codes: ${own}.`
        : "A failure in the error envelope.") +
      ` Any endpoint may also answer: ${COMMON_CODES.map((code) => `\`${code}\``).join(", ")}.`,
    content: { "application/json": { schema: errorEnvelopeOf() } },
  };
}

/** A platform admin's endpoint: 404 to anyone else, 403 to an admin without a second factor or step. */
function adminFailures(): Record<string, ResponseConfig> {
  return {
    "403": {
      description:
        "`second_factor_required`: the admin has no second factor yet; `second_step_required`: the session has not given its second step yet.",
      content: {
        "application/json": { schema: errorEnvelopeOf(["second_factor_required", "second_step_required"]) },
      },
    },
    "404": {
      description: "`not_found`: not a signed-in platform admin, or a storefront host (as an unknown path).",
      content: { "application/json": { schema: errorEnvelopeOf(["not_found"]) } },
    },
  };
}

/** Two-step sign-in (issue 43): what a session whose second step is pending gets, and `reauth`. */
function twoStepRule(entry: Declared): string {
  const pending = entry.duringSecondStep
    ? "Reachable while the session's second step is pending."
    : entry.auth === "optional"
      ? "A session whose second step is pending is answered as anonymous."
      : "A session whose second step is pending gets 403 `second_step_required`.";
  const reauth = entry.reauth
    ? ` Needs a second step within the last ${REAUTH_WINDOW_MINUTES} minutes (or, for a user without a second factor, a sign-in): else 403 \`reauthentication_required\` with \`details.method\` "second_step" or "sign_in".`
    : "";
  return pending + reauth;
}

function description(entry: Declared): string {
  return [
    WHO[entry.auth],
    entry.auth !== "public" && twoStepRule(entry),
    entry.member && whichMembers(entry.member),
    entry.tenant && `Scoped to the operator named by ${ACCOUNT_CONTEXT_HEADER} (every operator's without it).`,
    entry.changes?.length && `Changes for caches: ${entry.changes.join(", ")}.`,
    entry.dependsOn?.length && `May be kept until one of these changes: ${entry.dependsOn.join(", ")}.`,
  ]
    .filter(Boolean)
    .join(" ");
}

/** Who of the operator's team may call a console endpoint (also its `x-member-roles`). */
function whichMembers(scope: keyof typeof MEMBER_ROLES): string {
  const roles = MEMBER_ROLES[scope].map((role) => `\`${role}\``).join(", ");
  return (
    `Only for a member of the team of the operator named by ${ACCOUNT_CONTEXT_HEADER} whose role is one of: ${roles}` +
    " (another role: 403 `forbidden`; not a member of that team: 404 `not_found`)."
  );
}

/** A multipart body's fields, its files (described FILE_FIELD) drawn as binary strings. */
function requestBody(entry: Declared): z.ZodTypeAny {
  const body = entry.body!;
  if (!entry.bodyMedia || !(body instanceof z.ZodObject)) return body;
  const shape = body.shape as Record<string, z.ZodTypeAny>;
  return z.object(
    Object.fromEntries(
      Object.entries(shape).map(([name, field]) => [
        name,
        field.description === FILE_FIELD ? z.string().openapi({ format: "binary", description: FILE_FIELD }) : field,
      ]),
    ),
  );
}

function route(name: string, entry: Declared): RouteConfig {
  const headers = entry.tenant ? (entry.headers ? entry.headers.merge(tenantHeader) : tenantHeader) : entry.headers;
  return {
    method: entry.method.toLowerCase() as RouteConfig["method"],
    path: openApiPath(entry.path),
    operationId: name,
    summary: entry.summary,
    description: description(entry),
    tags: [entry.tag],
    security: SECURITY[entry.auth],
    "x-error-codes": [...entry.errors],
    ...(entry.member ? { "x-member-roles": [...MEMBER_ROLES[entry.member]] } : {}),
    request: {
      params: entry.params as z.AnyZodObject | undefined,
      query: entry.query as z.AnyZodObject | undefined,
      headers,
      body: entry.body && {
        required: true,
        content: { [entry.bodyMedia ?? "application/json"]: { schema: requestBody(entry) } },
      },
    },
    responses: { ...successes(entry), ...failures(entry) },
  };
}

function generate() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A Firebase ID token, or the session cookie's JWT.",
  });
  registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "__session",
    description: "The web app's session cookie (a write must then come from this origin).",
  });
  const declared = Object.entries(endpoints as Record<string, Declared>);
  for (const [name, entry] of declared) registry.registerPath(route(name, entry));
  registerOcto(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Wayfarer v1 API",
      version: "1",
      description:
        "Every endpoint of the v1 API, generated from its declaration (contract/endpoints.ts); " +
        "`operationId` is the name the typed client calls it by. Successes answer `{ data }` " +
        "(or `{ success: true }`), failures the error envelope. Concepts, flows, idempotency and " +
        "limits: docs/api.md.",
    },
    tags: [...new Set([...declared.map(([, entry]) => entry.tag), OCTO_TAG])].map((tag) => ({ name: tag })),
  });
}

let document: ReturnType<typeof generate> | undefined;

/** The OpenAPI 3.1 document of every declared endpoint, generated once. */
export function openApiDocument(): ReturnType<typeof generate> {
  return (document ??= generate());
}
