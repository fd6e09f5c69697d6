// The command line of our scripts, one way: `--help` (or `-h`) prints the usage and exits 0
// before the script does anything (no build, no database, no emulator); an unknown flag or a
// missing value prints the problem and the usage and exits 2. node:util's parseArgs, strict.
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
