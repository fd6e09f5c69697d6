/**
 * The client JS a page loads before it is interactive: the entry, then the route modules of the
 * page's route and its parents with every chunk they import (what Remix puts in
 * `<link rel="modulepreload">`), gzip-compressed each. Chunks loaded later (the Firebase SDK on
 * sign-in, the date picker, form validation) are not counted. Read from the last build.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export function readClientManifest(dir = "public/build"): Manifest | null {
  const file = existsSync(dir) ? readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  if (!file) return null;
  const source = readFileSync(join(dir, file), "utf8");
  return JSON.parse(source.replace(/^window.__remixManifest=/, "").replace(/;$/, "")) as Manifest;
}

/** The files a route's page loads first, and their gzip size in bytes. */
export function initialJs(manifest: Manifest, routeId: string, publicDir = "public") {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  let route: ManifestRoute | undefined = manifest.routes[routeId];
  while (route) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  const gzipBytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(publicDir, file))).length, 0);
  return { files: [...files], gzipBytes };
}
