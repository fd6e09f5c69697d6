// How a server process is started, the same for `npm start`, `npm run bench`, the scale and e2e
// scripts and the tests of tests/build: `node [heap bound] server/index.mjs [--api]`, the server
// that puts the edge (405s, security headers on everything, the micro-cache) in front of Remix or
// of the API alone.
// - a V8 old space of 192 MB unless NODE_OPTIONS sets one: the live heap stays under 100 MB, and
//   without a limit V8 lets garbage grow to some 300 MB under load before collecting it (the
//   server then sat at 500+ MiB RSS on the embedded database; with it, under 400 MiB, for about
//   5 % fewer uncached renders a second).
export function nodeArgs(env = process.env) {
  return /--max-old-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-old-space-size=192"];
}

/** The arguments of `node` for the web (with the API in its process, or alone) or the API alone. */
export function serverArgs(role = "web", env = process.env) {
  return [...nodeArgs(env), "server/index.mjs", ...(role === "api" ? ["--api"] : [])];
}
