/**
 * The CSP (no 'unsafe-eval') is never broken by our own code: loading the app raises no
 * `securitypolicyviolation`. zod probes `new Function` once unless it runs jitless (apps/web/src/lib/zod-configured.ts);
 * Chromium reports that probe only as this event, not as a console error, so the fence alone would miss it.
 */
import { describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import { cspViolations, recordCspViolations } from '../support/isolation.ts';
import { DEMO_LEARNER, userMenu, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();

describe('content security policy', () => {
  it('the home page and a signed-in page load without a CSP violation', async () => {
    const page = await e2e.newPage();
    await recordCspViolations(page);
    await page.goto('/');
    await visible(page.getByRole('button', { name: 'Log in / Register' }));
    expect(await cspViolations(page)).toEqual([]);

    // Signing in parses API answers with zod schemas; a full load of another page builds them all again.
    await signIn(page, DEMO_LEARNER, { path: '/' });
    await visible(userMenu(page));
    await page.goto('/setting/experience');
    await visible(userMenu(page));
    expect(await cspViolations(page)).toEqual([]);
  });
});
