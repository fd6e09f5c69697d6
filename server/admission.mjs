/**
 * Admission: how many requests the app works on at once. The rest wait their turn in arrival
 * order, so that under load a request's time is its place in the line plus its own work, instead
 * of sharing the event loop with every other request in flight.
 *
 * Without it, 50 signed-in visitors on one process each get a slice of the loop at every await
 * (session, API reads, render, write); a request's time is the whole crowd's, and those that lose
 * the race for the loop several times in a row make the tail (p99 ≈ 4× the median). With a small
 * number at work and the others in line, each finishes quickly once started, and the wait is
 * about the same for everyone.
 *
 * - What goes through: everything the app answers (pages, `.data`, /v1); static files, the health
 *   check and pages the micro-cache answers from memory do not wait (server/edge.mjs).
 * - A place is given back when the answer is finished, when the client goes away, or after
 *   HOLD_MS (half a second) at the latest: a request waiting on something slow (a slow upload, a payment provider,
 *   a slow reader) stops counting, so a few of those cannot stall everyone else.
 * - A client that goes away while waiting leaves the line.
 * - When the line is longer than MAX_WAITING, the request is answered 503 with Retry-After at
 *   once: better a clear "try again" than a wait of minutes (a page for a browser, the envelope
 *   for the API and data requests: server/unavailable-answer.mjs).
 * - ADMISSION_CONCURRENCY=0 turns it off.
 */
import { z } from "zod";
import { answerUnavailable } from "./unavailable-answer.mjs";

const settings = z
  .object({
    ADMISSION_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(8),
    ADMISSION_MAX_WAITING: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  })
  .parse({
    ADMISSION_CONCURRENCY: process.env.ADMISSION_CONCURRENCY || undefined,
    ADMISSION_MAX_WAITING: process.env.ADMISSION_MAX_WAITING || undefined,
  });

const HOLD_MS = 500;
/** A full line empties in well under a second: the Retry-After of a 503 for a full line. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** @typedef {import("node:http").ServerResponse} ServerResponse */
/** @typedef {{ res: ServerResponse, run: () => void, gone: boolean }} Waiting */

/**
 * A FIFO line of waiting requests (an array with a moving head: O(1) at both ends).
 * @param {{ concurrency: number, maxWaiting: number, holdMs: number }} options
 */
export function createAdmission({ concurrency, maxWaiting, holdMs }) {
  let active = 0;
  /** @type {Array<Waiting | undefined>} */
  let line = [];
  let head = 0;

  function waitingCount() {
    return line.length - head;
  }

  function next() {
    while (active < concurrency && head < line.length) {
      const waiting = line[head];
      line[head++] = undefined;
      if (head > 1024 && head * 2 > line.length) {
        line = line.slice(head);
        head = 0;
      }
      if (waiting && !waiting.gone) start(waiting.res, waiting.run);
    }
  }

  /** @param {ServerResponse} res @param {() => void} run */
  function start(res, run) {
    active++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      active--;
      next();
    };
    const timer = setTimeout(release, holdMs);
    timer.unref();
    res.once("finish", release);
    res.once("close", release);
    run();
  }

  /**
   * Run `run` (the app's answer to `res`) now or when a place frees up.
   * @param {string} url the request target (what a refusal answers: a page or the envelope)
   * @param {ServerResponse} res @param {() => void} run
   */
  function admit(url, res, run) {
    if (concurrency === 0) return run();
    if (active < concurrency && waitingCount() === 0) return start(res, run);
    if (waitingCount() >= maxWaiting) return answerUnavailable(url, res, BUSY_RETRY_AFTER_SECONDS);
    /** @type {Waiting} */
    const waiting = { res, run, gone: false };
    line.push(waiting);
    res.once("close", () => {
      waiting.gone = true;
    });
  }

  return { admit, stats: () => ({ active, waiting: waitingCount() }) };
}

export const admission = createAdmission({
  concurrency: settings.ADMISSION_CONCURRENCY,
  maxWaiting: settings.ADMISSION_MAX_WAITING,
  holdMs: HOLD_MS,
});
