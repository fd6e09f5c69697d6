// Bundles the standalone v1 API (api/server.ts) into build/api/server.js. Packages stay external
// (node_modules at run time); our own modules, including the ~contract alias, are bundled.
import { build } from "esbuild";

const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

await build({
  entryPoints: ["api/server.ts"],
  outfile: "build/api/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [externalPackages],
  sourcemap: true,
  logLevel: "warning",
});
