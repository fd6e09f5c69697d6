/**
 * Lets this file's webhooks reach the local receiver (127.0.0.1): WEBHOOK_ALLOW_PRIVATE_TARGETS
 * for the file's tests, as tests and local development set it; the next file in the process
 * starts without it. Call at the file's top level.
 */
import { afterAll, beforeAll } from "vitest";
import { forgetApiEnv } from "~api/env";

export function allowPrivateWebhookTargets(): void {
  beforeAll(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";
    forgetApiEnv();
  });
  afterAll(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    forgetApiEnv();
  });
}
