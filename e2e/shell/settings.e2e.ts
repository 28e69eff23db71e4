/** setting/personal (spec §2): the profile, and changing the password through the code flow while logged in. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import {
  button,
  dialog,
  expectLoggedInAs,
  expectPath,
  gone,
  heading,
  logout,
  storedUsers,
  typeCode,
  visible,
} from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();
let user: TestAccount;

beforeAll(async () => {
  user = await createUser(e2e.dataDir, {
    account: 'settings@example.com',
    password: 'Settings1pw',
    vip: 2,
    days: 200,
    company: 'Lakeside Middle School',
    credits: 30,
  });
});

describe('personal settings', () => {
  it('shows the profile and changes the password by code, staying logged in', async () => {
    const page = await e2e.newPage();
    await signIn(page, user, { path: '/setting' });
    await expectPath(page, '/setting/personal');
    for (const text of ['Lakeside Middle School', 'School account', '200', 'School']) {
      await visible(page.locator('.settings-profile').getByText(text, { exact: true }));
    }
    const uidBefore = (await storedUsers(page))?.uid;

    await button(page, 'Change password').click();
    await visible(heading(page, 'Change password'));
    expect(await dialog(page).getByPlaceholder('Phone number or email').inputValue()).toBe(user.account);
    await button(dialog(page), 'Next').click();
    await visible(heading(page, 'Enter the verification code'));
    await typeCode(page, await e2e.latestCode(user.account, { purpose: 'reset' }));
    await visible(heading(page, 'Set a new password'));
    const next = 'Changed2pass';
    await dialog(page).getByLabel('New password', { exact: true }).fill(next);
    await dialog(page).getByLabel('Confirm password', { exact: true }).fill(next);
    await button(dialog(page), 'Save password').click();
    await visible(dialog(page).getByText('Password changed', { exact: true }));
    await button(dialog(page), 'Start exploring').click();
    await gone(dialog(page));

    // Still logged in (a new session: the reset signed the old ones out), still on the settings page.
    await expectLoggedInAs(page, user.account);
    await expectPath(page, '/setting/personal');
    const uidAfter = (await storedUsers(page))?.uid;
    expect(uidAfter).toMatch(/\S{16,}/);
    expect(uidAfter).not.toBe(uidBefore);

    await logout(page);
    await signIn(page, { account: user.account, password: next });
  });
});
