/**
 * Remix's request handler for the web, on the pieces of `@remix-run/serve` (the server the
 * customer names, docs/decisions/037-an-explicit-server.md): the same Express app its `remix-serve`
 * command makes — compression, the built assets for a year, public/ for an hour, then
 * `@remix-run/express`'s handler — resolved from that package's own dependencies, so that they stay
 * the versions it was released with. What remix-serve adds and we do not want is left out rather
 * than patched away: its morgan lines (the edge writes one JSON access line per answer) and its
 * plain-text "listening" line (server/index.mjs logs it in JSON).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The packages @remix-run/serve is built on, as it resolves them. */
const fromServe = createRequire(createRequire(import.meta.url).resolve("@remix-run/serve/package.json"));
const express = fromServe("express");
const compression = fromServe("compression");
const { createRequestHandler } = fromServe("@remix-run/express");
const { broadcastDevReady, installGlobals } = fromServe("@remix-run/node");
const sourceMapSupport = fromServe("source-map-support");

// Stack traces name the app's sources, as under remix-serve.
sourceMapSupport.install({
  /** @param {string} source */
  retrieveSourceMap(source) {
    if (!source.startsWith("file://")) return null;
    const mapPath = `${fileURLToPath(source)}.map`;
    return existsSync(mapPath) ? { url: source, map: readFileSync(mapPath, "utf8") } : null;
  },
});

/** @param {string} buildPath */
function importBuild(buildPath) {
  // The modification time busts the import cache when the dev server rebuilds.
  return import(`${pathToFileURL(buildPath).href}?t=${statSync(buildPath).mtimeMs}`);
}

/**
 * The web's request listener: an Express app ending in Remix's handler for the server build.
 * @param {{ buildPath?: string, mode?: string }} [options]
 * @returns {Promise<{ listener: import("node:http").RequestListener, listening: () => void }>}
 */
export async function remixListener({ buildPath = "build/index.js", mode = process.env.NODE_ENV } = {}) {
  const path = resolve(buildPath);
  let build = await importBuild(path);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const development = mode === "development";

  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  if (development) {
    // `remix dev`: a new build is imported when build/version.txt changes, and the dev server told.
    const chokidar = fromServe("chokidar");
    chokidar.watch(resolve(path, "..", "version.txt"), { ignoreInitial: true }).on("all", async () => {
      build = await importBuild(path);
      void broadcastDevReady(build);
    });
    app.all("*", (req, res, next) => {
      try {
        return createRequestHandler({ build, mode })(req, res, next);
      } catch (error) {
        next(error);
      }
    });
  } else {
    app.all("*", createRequestHandler({ build, mode }));
  }
  return {
    listener: app,
    listening: () => {
      if (development) void broadcastDevReady(build);
    },
  };
}
