/**
 * The port through which a written delivery asks to be sent soon: the job runner plugs its queue in
 * when it starts (api/jobs/runner.ts), so this room never imports jobs/. Without a runner (tests,
 * JOBS_ENABLED=false) nothing happens here: the runner's minute, or a test, delivers what is due.
 */
type Kick = () => void;
let kick: Kick | null = null;

export function setWebhookKick(next: Kick | null): void {
  kick = next;
}

/** Asks for the due deliveries to be sent in a moment (after the writer's transaction has committed). */
export function kickWebhooks(): void {
  kick?.();
}
