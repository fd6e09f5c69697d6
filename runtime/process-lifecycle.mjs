/**
 * How a server process stops (SIGTERM, SIGINT), and what its readiness is: plain JavaScript in
 * runtime/ because the edge (server/edge.mjs, which runs before any build) owns the HTTP servers
 * while the API's code (bundled into the web, or alone in build/api/server.js) owns what must
 * close after them. Kept on globalThis: the edge (server/) and the bundle import their own copy.
 *
 * The order, once a signal comes:
 * 1. `stopping()` turns true: readiness answers 503 at once; `onStopping` listeners run (the
 *    change feed lets its long-lived readers go, so that they do not hold the drain).
 * 2. Every tracked server stops accepting connections; its connections with no request in flight
 *    are closed (idle keep-alive ones, and ones that never sent a request), and every answer from
 *    now on says `Connection: close`.
 * 3. In-flight requests finish, for at most SHUTDOWN_TIMEOUT_MS (default 10 000); what is still
 *    open then is cut.
 * 4. The `afterDrain` work runs, in order (the API: the job runner, the change bus and Redis, then
 *    the database pool; PGlite must be closed before the process ends), each for at most
 *    AFTER_DRAIN_LIMIT_MS.
 * 5. The process exits 0.
 * A second signal during the shutdown changes nothing (a terminal's Ctrl-C reaches the process
 * and `npm start`, which then sends SIGTERM too).
 */

/** The default bound on step 3. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** The bound on each piece of step 4 (pg-boss waits up to 5 s for the jobs it runs). */
export const AFTER_DRAIN_LIMIT_MS = 6_000;
const MAX_SHUTDOWN_TIMEOUT_MS = 600_000;
const IDLE_SWEEP_MS = 100;

/**
 * @typedef {{ ready: boolean, checks: Record<string, { status: "ok" | "failed" | "off", reason?: string }> }} Readiness
 * @typedef {(level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => void} LifecycleLog
 */

/** @type {any} */
const shared = globalThis;

/**
 * @type {{
 *   stopping: boolean,
 *   servers: Set<import("node:http").Server>,
 *   onStopping: Set<() => void>,
 *   afterDrain: Array<{ name: string, run: () => Promise<void> }>,
 *   readiness: (() => Promise<Readiness>) | null,
 *   log: LifecycleLog,
 *   signalsInstalled: boolean,
 *   connections: WeakMap<import("node:http").Server, Map<import("node:net").Socket, { requests: number, readWhenIdle: number }>>,
 * }}
 */
const state = (shared[Symbol.for("wayfarer.processLifecycle")] ??= {
  stopping: false,
  servers: new Set(),
  onStopping: new Set(),
  afterDrain: [],
  readiness: null,
  /** @type {LifecycleLog} */
  log: (level, message, fields) =>
    console[level === "info" ? "log" : level](JSON.stringify({ level, msg: message, ...fields })),
  signalsInstalled: false,
  connections: new WeakMap(),
});

/**
 * SHUTDOWN_TIMEOUT_MS: milliseconds in-flight requests get to finish (0–600000, default 10000).
 * Throws on anything else (the API's configuration validates the same: api/env.ts).
 * @param {Record<string, string | undefined>} env @returns {number}
 */
export function shutdownTimeoutMs(env = process.env) {
  const value = env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (!value) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const parsed = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!(parsed <= MAX_SHUTDOWN_TIMEOUT_MS)) {
    throw new Error(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 0 to ${MAX_SHUTDOWN_TIMEOUT_MS}`);
  }
  return parsed;
}

/** Whether this process has begun to stop. @returns {boolean} */
export function stopping() {
  return state.stopping;
}

/** Runs `listener` when the process begins to stop; the answer forgets it. @param {() => void} listener */
export function onStopping(listener) {
  state.onStopping.add(listener);
  return () => void state.onStopping.delete(listener);
}

/**
 * Work to do once the servers have drained, in the order given (once per name).
 * @param {string} name @param {() => Promise<void>} run
 */
export function afterDrain(name, run) {
  if (!state.afterDrain.some((entry) => entry.name === name)) state.afterDrain.push({ name, run });
}

/** Whether a server of this process stops as above (else the database closes on the signal itself). */
export function shutdownIsCoordinated() {
  return state.servers.size > 0;
}

/** The readiness of what runs in this process (the API gives it as it starts). @param {() => Promise<Readiness>} check */
export function provideReadiness(check) {
  state.readiness = check;
}

/** This process's readiness, its shutdown included; null when nothing gave one (the web alone). @returns {Promise<Readiness> | null} */
export function readinessOfThisProcess() {
  if (!state.readiness) return null;
  return state.readiness();
}

/** Where the shutdown's lines go (the API's pino logger once it runs). @param {LifecycleLog} log */
export function provideLifecycleLog(log) {
  state.log = log;
}

/**
 * Stops `server` as described above when the process is told to stop (idempotent). Its `close`
 * may be called again by others: they are told when it has closed.
 * @param {import("node:http").Server} server
 */
export function trackServer(server) {
  if (state.servers.has(server)) return;
  state.servers.add(server);
  const close = server.close;
  let closing = false;
  server.close = function (callback) {
    if (closing) {
      if (callback) server.once("close", () => callback());
      return server;
    }
    closing = true;
    return close.call(server, callback);
  };
  // Requests in flight per connection: Node's closeIdleConnections() keeps a connection that has
  // sent nothing yet (a browser's preconnect, a probe) until its headers timeout, which would hold
  // the drain; the shutdown closes every connection that has no request in flight and has sent
  // nothing since its last answer (a request whose headers are still coming is in flight).
  /** @type {Map<import("node:net").Socket, { requests: number, readWhenIdle: number }>} */
  const connections = new Map();
  state.connections.set(server, connections);
  server.on("connection", (socket) => {
    connections.set(socket, { requests: 0, readWhenIdle: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  // First, before the app answers: an answer given while stopping closes its connection.
  server.prependListener("request", (req, res) => {
    if (state.stopping) res.shouldKeepAlive = false;
    const connection = connections.get(req.socket);
    if (!connection) return;
    connection.requests += 1;
    res.once("close", () => {
      connection.requests -= 1;
      if (connection.requests === 0) connection.readWhenIdle = req.socket.bytesRead;
    });
  });
  installSignals();
}

/** Closes the server's connections with no request in flight (and nothing left to write). @param {import("node:http").Server} server */
function closeIdle(server) {
  for (const [socket, { requests, readWhenIdle }] of state.connections.get(server) ?? []) {
    if (requests === 0 && socket.bytesRead === readWhenIdle && socket.writableLength === 0) socket.destroy();
  }
}

function installSignals() {
  if (state.signalsInstalled) return;
  state.signalsInstalled = true;
  for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
    process.on(signal, () => void shutdown(signal));
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** @param {string} signal */
async function shutdown(signal) {
  if (state.stopping) return;
  state.stopping = true;
  const started = Date.now();
  const timeoutMs = shutdownTimeoutMs();
  state.log("info", "shutting down: no new connections, finishing what is in flight", { signal, timeoutMs });
  for (const listener of state.onStopping) {
    try {
      listener();
    } catch (error) {
      state.log("error", "a shutdown listener failed", { err: String(error) });
    }
  }
  const servers = [...state.servers];
  const closed = Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => (server.listening ? server.close(() => resolve(undefined)) : resolve(undefined))),
    ),
  );
  servers.forEach(closeIdle);
  const sweep = setInterval(() => servers.forEach(closeIdle), IDLE_SWEEP_MS);
  const drained = await Promise.race([closed.then(() => true), sleep(timeoutMs).then(() => false)]);
  clearInterval(sweep);
  if (!drained) {
    const cut = servers.reduce((sum, server) => sum + (state.connections.get(server)?.size ?? 0), 0);
    state.log("warn", "requests still in flight at the shutdown timeout were cut", { timeoutMs, connections: cut });
    servers.forEach((server) => {
      server.closeAllConnections();
      for (const socket of state.connections.get(server)?.keys() ?? []) socket.destroy();
    });
  }
  for (const { name, run } of state.afterDrain) {
    const done = await Promise.race([
      run().then(
        () => true,
        (error) => {
          state.log("error", `shutdown: ${name} failed`, { err: String(error) });
          return true;
        },
      ),
      sleep(AFTER_DRAIN_LIMIT_MS).then(() => false),
    ]);
    if (!done) state.log("warn", `shutdown: ${name} did not finish in time`, { limitMs: AFTER_DRAIN_LIMIT_MS });
  }
  state.log("info", "stopped", { ms: Date.now() - started, drained });
  process.exit(0);
}
