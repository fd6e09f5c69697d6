import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError } from "~/platform/chunk-reload";

function store() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe("chunk load reload guard", () => {
  it("recognises chunk load errors from the browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /build/routes/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads once per path within the 10 s window", () => {
    const s = store();
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
    expect(claimChunkReload(s, "/a", 1_000)).toBe(true);
    expect(claimChunkReload(s, "/a", 5_000)).toBe(false);
    expect(claimChunkReload(s, "/b", 5_000)).toBe(true);
    expect(claimChunkReload(s, "/a", 1_000 + 10_000)).toBe(true);
  });
});
