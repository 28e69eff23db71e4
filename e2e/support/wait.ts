/**
 * The one place e2e lets clock time pass. Tests wait for what the page shows (ui.ts `visible`, `eventually`);
 * a fixed wait makes a test slow where the machine is fast and flaky where it is slow. ESLint forbids
 * `waitForTimeout` anywhere in e2e/ but here, and `setTimeout` in test files (eslint.config.js).
 *
 * What is left is time itself being the thing under test, each call saying so at its call site:
 * - holding a control for a while (a recording as long as the hold);
 * - "nothing changes for a while" (a paused game stays put, released buttons record no more);
 * - a server's own pace (a per-minute upload limit asks to come back later).
 */
export function letTimePass(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The pause between two reads of a polled value (ui.ts `eventually`, outbox.ts). */
export const POLL_MS = 100;

export function pollPause(ms = POLL_MS): Promise<void> {
  return letTimePass(ms);
}
