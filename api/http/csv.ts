import type { Context } from "hono";
import { csvHeaders } from "~contract/csv";
import { InAlternateMedia } from "./register";
import type { AppEnv } from "./types";

/**
 * Whether the caller asked for CSV: `format=csv`, or (no `format`) `text/csv` named in Accept
 * before any JSON.
 */
export function wantsCsv(c: Context<AppEnv>, format: "json" | "csv" | undefined): boolean {
  if (format !== undefined) return format === "csv";
  const accept = c.req.header("Accept");
  if (!accept) return false;
  const types = accept.split(",").map((part) => part.split(";")[0].trim().toLowerCase());
  const csv = types.indexOf("text/csv");
  const json = types.indexOf("application/json");
  return csv !== -1 && (json === -1 || csv < json);
}

/** A CSV answer of an endpoint that declares `alternateMedia: "text/csv"`. */
export function csvAnswer(text: string, filename: string): InAlternateMedia {
  return new InAlternateMedia(new Response(text, { status: 200, headers: csvHeaders(filename) }));
}
