// Bundles the standalone v1 API (api/server.ts) into build/api/server.js; packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["api/server.ts"],
  outfile: "build/api/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
