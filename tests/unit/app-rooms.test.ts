import { describe, expect, it } from "vitest";
import { sourceImports } from "../../scripts/api-rooms";

/**
 * The web's rooms, from the top: root.tsx and routes/, then features/, ui/, platform/
 * (docs/architecture.md, "Rooms"). A room imports only rooms below it; this reads every import
 * (static, type-only and dynamic) from the source, so a new upward one fails here and in lint.
 */
const ORDER = ["routes", "features", "ui", "platform"] as const;

function roomOf(path: string): string | null {
  if (path === "app/root" || path === "app/root.tsx") return "routes";
  const [top, room] = path.split("/");
  return top === "app" && (ORDER as readonly string[]).includes(room) ? room : null;
}

const imports = sourceImports("app");

describe("the web's rooms", () => {
  it("are read from the source (routes import features; features import ui)", () => {
    const pairs = new Set(imports.map((item) => `${roomOf(item.from)} -> ${roomOf(item.to)}`));
    expect(pairs.has("routes -> features")).toBe(true);
    expect(pairs.has("features -> ui")).toBe(true);
  });

  it("import only rooms below them: ui and platform never import features, platform never ui, none a route", () => {
    const upward = imports.filter((item) => {
      const from = roomOf(item.from);
      const to = roomOf(item.to);
      if (!from || !to) return false;
      return ORDER.indexOf(to as (typeof ORDER)[number]) < ORDER.indexOf(from as (typeof ORDER)[number]);
    });
    expect(upward.map((item) => `${item.from} -> ${item.to}`)).toEqual([]);
  });

  it("never import the edge (server/): what both share stands in runtime/, the bottom room", () => {
    const edge = imports.filter((item) => item.to.startsWith("server/"));
    expect(edge.map((item) => `${item.from} -> ${item.to}`)).toEqual([]);
  });
});
