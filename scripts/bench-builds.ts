// `npm run bench:builds -- <other checkout> [path] [rounds]`: this checkout's build against another's
// (say a worktree of the commit before a change), both served at once on seeded embedded databases,
// the same request sent in alternating bursts (200 requests, 20 at a time) to one then the other,
// the order swapped each round. Noise on a shared machine hits both alike, which back-to-back runs
// of `npm run bench` cannot promise. Prints req/s per round and the median ratio (this / other).
// Both checkouts must be built (`npm run build`). The product logs as in production (JSON lines).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { readCommandLine } from "./cli.mjs";
import { DEFAULT_EMULATOR_HOST } from "./emulator.mjs";
import { waitFor } from "./bench/pages";
import { signedInCookie } from "./signed-in-session";

const { positionals } = readCommandLine({
  usage: `
Usage: npm run bench:builds -- <other checkout> [path=/account] [rounds=20]

This checkout's build against another's, served side by side, requests sent in alternating bursts;
prints each round's req/s and the median ratio (this / other). Needs the Auth emulator for /account.
  -h, --help  this text`,
  positionals: true,
});
const [other, path = "/account", rounds = "20"] = positionals;
if (!other) throw new Error("name the other checkout (a built worktree)");
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST;

/** One checkout's product on `port`, seeded first; servers before `server/index.mjs` ran remix-serve with the edge preloaded. */
async function serve(dir: string, port: number): Promise<{ child: ChildProcess; origin: string; cookie: string }> {
  const data = join(mkdtempSync(join(tmpdir(), "wayfarer-builds-")), "pglite");
  const env = {
    ...process.env,
    PGLITE_DIR: data,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
    FIREBASE_PROJECT_ID: "demo-wayfarer",
  };
  if (spawnSync("npx", ["tsx", "scripts/seed.ts"], { cwd: dir, stdio: "ignore", env }).status !== 0)
    throw new Error(`seeding ${dir} failed`);
  const command = existsSync(join(dir, "server/index.mjs"))
    ? ["server/index.mjs"]
    : ["--import", "./server/edge.mjs", "node_modules/.bin/remix-serve", "./build/index.js"];
  const child = spawn(process.execPath, ["--max-old-space-size=512", ...command], {
    cwd: dir,
    stdio: "ignore",
    env: { ...env, NODE_ENV: "production", APP_ENV: "local", CI: "true", PORT: String(port) },
  });
  const origin = `http://localhost:${port}`;
  await waitFor(`${origin}/v1/health`);
  return { child, origin, cookie: path === "/account" ? await signedInCookie(origin, "builds") : "" };
}

/** req/s of `count` requests, 20 at a time. */
async function burst(server: { origin: string; cookie: string }, count: number): Promise<number> {
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (sent++ < count) {
        const answer = await fetch(`${server.origin}${path}`, {
          headers: server.cookie ? { Cookie: server.cookie } : {},
          redirect: "manual",
        });
        if (answer.status !== 200) throw new Error(`${server.origin}${path} answered ${answer.status}`);
        await answer.arrayBuffer();
      }
    }),
  );
  return (count / (performance.now() - started)) * 1000;
}

const mine = await serve(process.cwd(), 3481);
const theirs = await serve(resolve(other), 3482);
try {
  await burst(mine, 300);
  await burst(theirs, 300);
  const ratios: number[] = [];
  for (let round = 0; round < Number(rounds); round++) {
    const swapped = round % 2 === 1;
    const first = await burst(swapped ? theirs : mine, 200);
    const second = await burst(swapped ? mine : theirs, 200);
    const [here, there] = swapped ? [second, first] : [first, second];
    ratios.push(here / there);
    console.log(`round ${round + 1}: this ${here.toFixed(0)} req/s, other ${there.toFixed(0)} req/s`);
  }
  ratios.sort((a, b) => a - b);
  console.log(
    `${path}: median ratio this / other ${ratios[Math.floor(ratios.length / 2)].toFixed(3)} over ${rounds} rounds`,
  );
} finally {
  mine.child.kill("SIGTERM");
  theirs.child.kill("SIGTERM");
}
process.exit(0);
