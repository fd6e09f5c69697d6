/**
 * `npx tsx scripts/api-rooms.ts`: the API's rooms (the folders of api/) and who imports whom,
 * read from the source: every room → room import with the files behind it, the two-way ties
 * (two rooms that import each other), and any import from api/ into the web app (app/) or the
 * edge (server/). tests/unit/api-rooms.test.ts holds the API to the limits in
 * docs/architecture.md ("API rooms").
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** One import of one API file. */
export interface ApiImport {
  /** The importing file, from the project's root (api/bookings/place.ts). */
  from: string;
  /** The imported file or module as resolved from the project's root (api/payments/checkout-events). */
  to: string;
}

export interface ApiRooms {
  /** "bookings -> payments" → the imports behind it. */
  edges: Map<string, ApiImport[]>;
  /** Pairs of rooms that import each other, each once, "a <-> b" with a before b. */
  ties: string[];
  /** Imports from api/ into app/ or server/. */
  outside: ApiImport[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The import's target from the project's root, or null for a package. */
function resolveSpecifier(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return relative(ROOT, resolve(ROOT, dirname(file), specifier));
  if (specifier.startsWith("~api/")) return `api/${specifier.slice("~api/".length)}`;
  if (specifier.startsWith("~contract/")) return `contract/${specifier.slice("~contract/".length)}`;
  if (specifier.startsWith("~runtime/")) return `runtime/${specifier.slice("~runtime/".length)}`;
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  return null;
}

/** The room of a path under api/: its first folder (top-level files such as api/app.ts are in none). */
export function roomOf(path: string): string | null {
  const parts = path.split("/");
  return parts[0] === "api" && parts.length > 2 ? parts[1] : null;
}

/** Every import of every source file under `dir` (static, type-only, re-exports and dynamic import()). */
export function sourceImports(dir: string): ApiImport[] {
  return sourceFiles(dir).flatMap((from) => {
    const info = ts.preProcessFile(readFileSync(join(ROOT, from), "utf8"), true, true);
    return info.importedFiles.flatMap(({ fileName }) => {
      const to = resolveSpecifier(from, fileName);
      return to ? [{ from, to }] : [];
    });
  });
}

/** Every import of every API file. */
export function apiImports(): ApiImport[] {
  return sourceImports("api");
}

export function apiRooms(imports: ApiImport[] = apiImports()): ApiRooms {
  const edges = new Map<string, ApiImport[]>();
  const outside: ApiImport[] = [];
  for (const item of imports) {
    if (/^(app|server)\//.test(item.to)) outside.push(item);
    const a = roomOf(item.from);
    const b = roomOf(item.to);
    if (!a || !b || a === b) continue;
    const key = `${a} -> ${b}`;
    edges.set(key, [...(edges.get(key) ?? []), item]);
  }
  const ties = [...edges.keys()]
    .map((key) => key.split(" -> "))
    .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
  return { edges, ties, outside };
}

/**
 * The imports into `room` from the other rooms (the app, its wiring and its start, at the top,
 * are in none), one "from -> to" a line.
 */
export function importsInto(imports: ApiImport[], room: string): string[] {
  return imports
    .filter((item) => roomOf(item.to) === room && roomOf(item.from) !== null && roomOf(item.from) !== room)
    .map((item) => `${item.from} -> ${item.to}`);
}

/** "a <-> b" with the files that tie it, one import a line. */
export function describeTie(rooms: ApiRooms, tie: string): string {
  const [a, b] = tie.split(" <-> ");
  const lines = [...rooms.edges.get(`${a} -> ${b}`)!, ...rooms.edges.get(`${b} -> ${a}`)!];
  return [tie, ...lines.map((item) => `  ${item.from} -> ${item.to}`)].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rooms = apiRooms();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print(`room -> room imports (${rooms.edges.size}):`);
  for (const [key, items] of [...rooms.edges].sort(([a], [b]) => a.localeCompare(b)))
    print(`  ${key}  (${items.length})`);
  print(`\ntwo-way ties (${rooms.ties.length}):`);
  for (const tie of rooms.ties) print(describeTie(rooms, tie));
  print(`\nimports into app/ or server/ (${rooms.outside.length}):`);
  for (const item of rooms.outside) print(`  ${item.from} -> ${item.to}`);
}
