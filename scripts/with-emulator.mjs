// Run a command with the Firebase Auth emulator available: `node scripts/with-emulator.mjs vitest run`.
import { spawnSync } from "node:child_process";
import { DEFAULT_EMULATOR_HOST, DEFAULT_PROJECT_ID, ensureAuthEmulator } from "./emulator.mjs";

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_EMULATOR_HOST;
process.env.FIREBASE_PROJECT_ID ??= DEFAULT_PROJECT_ID;
// `npx vitest …` works too: npx is dropped, the project's own binary runs.
const given = process.argv.slice(2);
const [command, ...args] = given[0] === "npx" ? given.slice(1) : given;
const emulator = await ensureAuthEmulator({
  host: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  projectId: process.env.FIREBASE_PROJECT_ID,
});
// `node …` is this Node; a bare name is the project's own binary.
const executable =
  command === "node" ? process.execPath : command.includes("/") ? command : `node_modules/.bin/${command}`;
const result = spawnSync(executable, args, {
  stdio: "inherit",
  env: process.env,
});
await emulator.stop();
if (result.error) console.error(`with-emulator: could not run ${command}: ${result.error.message}`);
process.exit(result.status ?? 1);
