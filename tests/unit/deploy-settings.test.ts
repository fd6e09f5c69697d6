// The settings the code reads and the settings the deployment files name are the same list:
// every environment variable read by the code that runs in production (api/, app/, contract/, runtime/,
// server/ and the scripts `npm start`, `npm run start:api`, `npm run db:migrate` and `npm run seed`
// run) is in .env.example, in docs/deploy.md's table and, unless the table says it is local, in
// .env.production.example or compose.yaml; and every name in those files is read by the code.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

/** Read by the code, but not settings of ours: nothing to document. */
const NOT_SETTINGS: Record<string, string> = {
  CI: "set by CI runners (quieter, plain logs)",
  VITEST: "set by vitest",
  NODE_OPTIONS: "Node's own (scripts/server-args.mjs leaves a --max-old-space-size in it alone)",
};

/** Named by the deployment files, read by something other than our code. */
const NOT_OURS: Record<string, string> = {
  POSTGRES_PASSWORD: "read by compose.yaml's postgres container",
};

/**
 * Issue 27's settings that other branches add to the code (readiness and shutdown, migrations,
 * observability, production settings): documented and in compose.yaml already. Once the code
 * reads one, this test says to remove it from here (and then requires it in .env.example).
 */
const ANNOUNCED: Record<string, string> = {};

const PROCESSES = new Set(["web", "API", "local", "compose"]);
const NAME = "[A-Z][A-Z0-9_]*";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" ? [] : filesUnder(path);
    return /\.(ts|tsx|mjs|js)$/.test(entry) && !/\.test\./.test(entry) ? [path] : [];
  });
}

/** The scripts that run in production: the files behind these npm scripts. */
function productionScripts(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  return ["start", "start:api", "db:migrate", "seed"]
    .flatMap((name) => (scripts[name] ?? "").match(/scripts\/[\w./-]+\.(?:ts|mjs|js)/g) ?? [])
    .flatMap((path) => [path, ...localImports(path)]);
}

/** The scripts/ modules a script imports (one level: ./x.mjs). */
function localImports(path: string): string[] {
  const text = readFileSync(path, "utf8");
  return [...text.matchAll(/from "\.\/([\w.-]+\.(?:mjs|ts|js))"/g)].map((m) => `scripts/${m[1]}`);
}

/** Every setting the code reads, with the files that read it. */
function readByCode(): Map<string, Set<string>> {
  const files = [...["api", "app", "contract", "runtime", "server"].flatMap(filesUnder), ...productionScripts()];
  const read = new Map<string, Set<string>>();
  const note = (name: string, file: string) => read.set(name, (read.get(name) ?? new Set()).add(file));
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const patterns = [
      new RegExp(`process\\.env\\.(${NAME})`, "g"),
      new RegExp(`process\\.env\\[["'](${NAME})["']\\]`, "g"),
      // A configuration module's own reads: env.X, source.X (the environment passed in).
      new RegExp(`\\b(?:env|source)\\??\\.(${NAME})\\b`, "g"),
      // The production preflight's reads: value(env, "X"), missing("X", …).
      new RegExp(`\\b(?:value\\(env, |missing\\()"(${NAME})"`, "g"),
    ];
    // The keys of a configuration schema (api/env.ts, contract/*-env.ts, config.server.ts).
    if (/(?:^|[/-])env\.ts$|config\.server\.ts$/.test(file)) patterns.push(new RegExp(`^\\s+(${NAME})\\??:`, "gm"));
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) note(match[1], file);
  }
  for (const name of Object.keys(NOT_SETTINGS)) read.delete(name);
  return read;
}

function namesInEnvFile(path: string): Set<string> {
  const text = readFileSync(path, "utf8");
  return new Set([...text.matchAll(new RegExp(`^#?\\s*(${NAME})=`, "gm"))].map((m) => m[1]));
}

/** docs/deploy.md's settings table: name → its processes column. */
function docsTable(): Map<string, string> {
  const text = readFileSync("docs/deploy.md", "utf8");
  return new Map(
    [...text.matchAll(new RegExp(`^\\|\\s*\`(${NAME})\`\\s*\\|\\s*([^|]+?)\\s*\\|`, "gm"))].map((m) => [
      m[1],
      m[2].trim(),
    ]),
  );
}

/** The environment compose.yaml gives our image's services, and the ${VARS} it interpolates. */
function namesInCompose(): Set<string> {
  const text = readFileSync("compose.yaml", "utf8");
  const compose = parseYaml(text, { merge: true }) as {
    services: Record<string, { image?: string; environment?: Record<string, unknown> | string[] }>;
  };
  const names = new Set([...text.matchAll(new RegExp(`\\$\\{(${NAME})`, "g"))].map((m) => m[1]));
  for (const service of Object.values(compose.services)) {
    if (!service.image?.startsWith("wayfarer")) continue;
    const environment = service.environment ?? {};
    const keys = Array.isArray(environment)
      ? environment.map((entry) => entry.split("=")[0])
      : Object.keys(environment);
    for (const key of keys) names.add(key);
  }
  return names;
}

describe("deployment settings", () => {
  const code = readByCode();
  const example = namesInEnvFile(".env.example");
  const production = namesInEnvFile(".env.production.example");
  const compose = namesInCompose();
  const docs = docsTable();
  const where = (name: string) => [...(code.get(name) ?? [])].sort().join(", ");

  it("finds the settings the code reads (the collection works)", () => {
    for (const name of [
      "DATABASE_URL",
      "API_HOST",
      "TRUST_PROXY",
      "ADMISSION_CONCURRENCY",
      "FIREBASE_API_KEY",
      "PORT",
    ]) {
      expect(code.has(name), name).toBe(true);
    }
    expect(docs.size).toBeGreaterThan(40);
  });

  it("every setting the code reads is in .env.example, docs/deploy.md and the production files", () => {
    const missing: string[] = [];
    for (const name of [...code.keys()].sort()) {
      if (!example.has(name)) missing.push(`${name} (read by ${where(name)}): missing from .env.example`);
      if (!docs.has(name))
        missing.push(`${name} (read by ${where(name)}): missing from docs/deploy.md's settings table`);
      else if (docs.get(name) !== "local" && !production.has(name) && !compose.has(name)) {
        missing.push(
          `${name} (read by ${where(name)}): missing from .env.production.example and compose.yaml (or mark it local in docs/deploy.md)`,
        );
      }
    }
    expect(missing, missing.join("\n")).toEqual([]);
  });

  it("every name in .env.example, docs/deploy.md and the production files is read by the code", () => {
    const unread: string[] = [];
    const sources: [string, Iterable<string>][] = [
      [".env.example", example],
      ["docs/deploy.md", docs.keys()],
      [".env.production.example", production],
      ["compose.yaml", compose],
    ];
    for (const [file, names] of sources) {
      for (const name of names) {
        if (!code.has(name) && !(name in NOT_OURS) && !(name in ANNOUNCED)) {
          unread.push(`${name}: in ${file}, but no code reads it`);
        }
      }
    }
    expect(unread, unread.join("\n")).toEqual([]);
  });

  it("the table names each setting's processes; the announced settings are not yet read", () => {
    const wrong = [...docs].filter(([, processes]) => !processes.split(", ").every((p) => PROCESSES.has(p)));
    expect(wrong.map(([name, processes]) => `${name}: "${processes}"`)).toEqual([]);
    const arrived = Object.keys(ANNOUNCED).filter((name) => code.has(name));
    expect(arrived.map((name) => `${name} is read by ${where(name)}: remove it from ANNOUNCED in this test`)).toEqual(
      [],
    );
  });
});
