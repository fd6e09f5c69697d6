// Bundles the standalone v1 API (api/server.ts) into build/api/server.js, and the commands the
// production image runs with plain Node: the migration step (api/db/migrate.ts, `npm run
// db:migrate`) into build/api/migrate.js, the platform's commands (api/cli/admin.ts, `npm run
// admin`) into build/api/admin.js and the exchange rates (api/cli/rates.ts, `npm run rates`) into
// build/api/rates.js. Packages stay external (node_modules at run time); our own modules, including
// the ~contract alias, are bundled.
import { build } from "esbuild";

const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

await build({
  entryPoints: {
    server: "api/server.ts",
    migrate: "api/db/migrate.ts",
    admin: "api/cli/admin.ts",
    rates: "api/cli/rates.ts",
  },
  outdir: "build/api",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  plugins: [externalPackages],
  sourcemap: true,
  logLevel: "warning",
});
