/**
 * Seats were freed: a prompt run of the waitlist's offering step (api/waitlist). Releasing code
 * calls kickWaitlist() and knows nothing else of the waitlist: the job runner, when it runs in this
 * process, sets the requester (a due-work job a moment later, after the freeing transaction has
 * committed); without one (tests, JOBS_ENABLED=false) the minute's due work is the path.
 */
let requester: (() => void) | null = null;

export function setWaitlistKick(next: (() => void) | null): void {
  requester = next;
}

export function kickWaitlist(): void {
  requester?.();
}
