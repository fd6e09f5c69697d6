// The command line of our scripts, one way: `--help` (or `-h`) prints the usage and exits 0
// before the script does anything (no build, no database, no emulator); an unknown flag or a
// missing value prints the problem and the usage and exits 2. node:util's parseArgs, strict.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";

/**
 * @template {import("node:util").ParseArgsConfig["options"]} Options
 * @param {{ usage: string, options?: Options, positionals?: boolean, argv?: string[] }} spec
 *   `usage`: what `--help` prints; `positionals`: whether plain arguments are allowed.
 * @returns {{ values: Record<string, string | boolean | undefined>, positionals: string[] }}
 */
export function readCommandLine({ usage, options, positionals = false, argv = process.argv.slice(2) }) {
  const text = usage.trim() + "\n";
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: positionals,
      strict: true,
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${text}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    process.stdout.write(text);
    process.exit(0);
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

/**
 * A module of the API's build (build/api/NAME.js, scripts/build-api.mjs), for the scripts that run
 * in the production image with plain Node. The API's settings come from the environment (and from
 * .env when there is one, as for the server). Missing build, or settings the API refuses (its
 * production preflight runs as the module loads): says so and exits 1.
 * @param {string} name
 * @param {string} command what the person ran, e.g. "db:migrate"
 */
export async function importBuilt(name, command) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const bundle = new URL(`../build/api/${name}.js`, import.meta.url);
  if (!existsSync(bundle)) {
    console.error(`${command}: build/api/${name}.js is missing; run npm run build first`);
    process.exit(1);
  }
  try {
    return await import(bundle.href);
  } catch (error) {
    console.error(`${command}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/**
 * Prints why a command failed and gives its exit code: a bad argument (the build's ArgumentProblem,
 * api/cli/arguments.ts) with the usage, 2; anything else, its message, 1.
 * @param {unknown} error
 * @param {string} usage
 * @returns {number}
 */
export function reportFailure(error, usage) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.name === "ArgumentProblem") {
    process.stderr.write(`${message}\n\n${usage.trim()}\n`);
    return 2;
  }
  process.stderr.write(`${message}\n`);
  return 1;
}
