// How a server process is started, the same for `npm start` and `npm run bench`:
// - server/edge.mjs preloaded (405s, security headers on everything, the micro-cache);
// - a V8 old space of 192 MB unless NODE_OPTIONS sets one: the live heap stays under 100 MB, and
//   without a limit V8 lets garbage grow to some 300 MB under load before collecting it (the
//   server then sat at 500+ MiB RSS on the embedded database; with it, under 400 MiB, for about
//   5 % fewer uncached renders a second).
export function nodeArgs(env = process.env) {
  const args = ["--import", "./server/edge.mjs"];
  if (!/--max-old-space-size/.test(env.NODE_OPTIONS ?? "")) args.unshift("--max-old-space-size=192");
  return args;
}
