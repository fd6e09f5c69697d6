import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiImports, apiRooms, describeTie, importsInto, roomOf, sourceImports } from "../../scripts/api-rooms";

/**
 * The API's rooms (its folders) import one another one way: docs/architecture.md, "API rooms".
 * `npx tsx scripts/api-rooms.ts` prints what these checks read.
 */
const MAX_TWO_WAY_TIES = 3;

const imports = apiImports();
const rooms = apiRooms(imports);

describe("the API's rooms", () => {
  it("are read from the source (bookings imports payments, jobs imports bookings)", () => {
    expect(rooms.edges.has("bookings -> payments")).toBe(true);
    expect(rooms.edges.has("jobs -> bookings")).toBe(true);
  });

  it(`have at most ${MAX_TWO_WAY_TIES} two-way ties, each explained in docs/architecture.md`, () => {
    const explained = readFileSync("docs/architecture.md", "utf8");
    const report = rooms.ties.map((tie) => describeTie(rooms, tie)).join("\n");
    expect(rooms.ties.length, report).toBeLessThanOrEqual(MAX_TWO_WAY_TIES);
    for (const tie of rooms.ties)
      expect(explained.includes(tie.replace("<->", "↔")), `${tie} is not explained there`).toBe(true);
  });

  it("never import the web app or the edge", () => {
    const outside = rooms.outside.map((item) => `${item.from} -> ${item.to}`);
    expect(outside).toEqual([]);
  });

  it("leave jobs/ to the top: no room imports it, only the app and its start do", () => {
    const intoJobs = imports.filter(
      (item) => roomOf(item.to) === "jobs" && roomOf(item.from) !== "jobs" && !/^api\/(app|start)\.ts$/.test(item.from),
    );
    expect(intoJobs.map((item) => `${item.from} -> ${item.to}`)).toEqual([]);
  });

  it("let payments hand a checkout's outcome on through its port: it imports neither bookings nor tips", () => {
    expect(rooms.edges.get("payments -> bookings") ?? []).toEqual([]);
    expect(rooms.edges.get("payments -> tips") ?? []).toEqual([]);
  });

  it("keep the console's guard below the domains: no room imports operator/ (members/guard.ts is the guard)", () => {
    expect(importsInto(imports, "operator")).toEqual([]);
    expect(imports.filter((item) => /^api\/operator\/guard/.test(item.to)).map((item) => item.from)).toEqual([]);
    const fromMembers = [...rooms.edges.keys()].filter((key) => key.startsWith("members -> "));
    expect(fromMembers.sort(), "members/ imports only what is below every domain").toEqual([
      "members -> audit",
      "members -> db",
      "members -> http",
    ]);
  });

  it("stand on runtime/, the bottom room: it imports nothing of the edge, the web, the API or the contract", () => {
    const upward = sourceImports("runtime").filter((item) => !item.to.startsWith("runtime/"));
    expect(upward.map((item) => `${item.from} -> ${item.to}`)).toEqual([]);
    const intoEdge = [...sourceImports("contract"), ...imports].filter((item) => item.to.startsWith("server/"));
    expect(intoEdge.map((item) => `${item.from} -> ${item.to}`)).toEqual([]);
  });
});
