/** Registration by email code, setting a password, logout and password login (spec §2, §4, §5). */
import { describe, expect, it } from 'vitest';
import { userInfoStatus } from '../support/account-service.ts';
import { setupE2E } from '../support/harness.ts';
import {
  button,
  codeBox,
  cookie,
  dialog,
  eventually,
  expectEnabled,
  expectLoggedInAs,
  gone,
  heading,
  logout,
  openLoginModal,
  passwordLogin,
  requestCode,
  storedUsers,
  toastSeen,
  typeCode,
  visible,
  openCodeForm,
} from '../support/ui.ts';

const e2e = setupE2E();

describe('registration and password login', () => {
  it('registers by email code, sets a password, logs out and logs back in with it', async () => {
    const email = 'new.learner@example.com';
    const password = 'Secret2025';
    const page = await e2e.newPage();
    await page.goto('/');

    await openLoginModal(page);
    await requestCode(page, 'code', email);
    await visible(dialog(page).getByText(`Enter the 6-digit code sent to ${email}`));
    await visible(button(dialog(page), 'Resend in 60 s'));
    await expectEnabled(page, button(dialog(page), 'Resend in 60 s'), false);

    await typeCode(page, await e2e.latestCode(email, { purpose: 'login' }));
    await visible(heading(page, 'Set your password'));

    // The four §5 messages, in the order the rules are checked.
    const pw = dialog(page).getByLabel('New password', { exact: true });
    const confirm = dialog(page).getByLabel('Confirm password', { exact: true });
    await button(dialog(page), 'Save password').click();
    await visible(dialog(page).getByText('please enter the password'));
    await pw.fill('abc1');
    await visible(dialog(page).getByText('password length must be between 8 and 12'));
    await pw.fill('abcdefgh');
    await visible(dialog(page).getByText('password must contain digits and letters'));
    await pw.fill(password);
    await confirm.fill(`${password}x`);
    await visible(dialog(page).getByText('the two passwords differ'));
    await confirm.fill(password);
    await gone(dialog(page).getByText('the two passwords differ'));
    await button(dialog(page), 'Save password').click();

    // A brand-new account: the end of registration says so (not "password reset").
    await visible(dialog(page).getByText('Account created', { exact: true }));
    expect(
      await dialog(page)
        .getByText(/password reset/i)
        .count(),
    ).toBe(0);
    await visible(dialog(page).getByText(`You are now logged in as ${email}.`));
    await expectLoggedInAs(page, email);
    const users = await storedUsers(page);
    expect(users?.uid).toMatch(/\S{16,}/);
    expect(users?.data?.account).toBe(email);
    expect(await cookie(page, 'uuid')).toBe(users?.uuid);
    const firstSession = users?.uid ?? '';

    await button(dialog(page), 'Start exploring').click();
    await gone(dialog(page));

    await logout(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedUsers(page)).toMatchObject({ uid: '', uuid: '', data: null });
    expect(await cookie(page, 'uuid')).toBeUndefined();
    // The server revoked the session, not just the browser forgetting it.
    expect(await userInfoStatus(e2e.baseUrl, firstSession)).toBe(401);

    await openLoginModal(page);
    await passwordLogin(page, email, password);
    // Spec §8's 'login successful', capitalised like every English UI text.
    expect(await toastSeen(page, 'login successful')).toContain('Login successful');
    await gone(dialog(page));
    await expectLoggedInAs(page, email);
    await eventually(
      () => storedUsers(page),
      (u) => expect(u?.uid).not.toBe(firstSession),
    );
  });

  it('keeps the login button disabled until account and password are both filled', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    const login = button(dialog(page), 'Log in');
    const account = dialog(page).getByPlaceholder('Phone, email or student account');
    const password = dialog(page).getByPlaceholder('Password');

    await expectEnabled(page, login, false);
    await account.fill('learner@example.com');
    await expectEnabled(page, login, false);
    await account.fill('   ');
    await password.fill('Learner123');
    await expectEnabled(page, login, false);
    await account.fill('learner@example.com');
    await expectEnabled(page, login, true);
    await password.fill('');
    await expectEnabled(page, login, false);
  });

  it('clears every input when the modal is closed', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await dialog(page).getByPlaceholder('Phone, email or student account').fill('someone@example.com');
    await dialog(page).getByPlaceholder('Password').fill('Whatever1');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await gone(dialog(page));

    await openLoginModal(page);
    expect(await dialog(page).getByPlaceholder('Phone, email or student account').inputValue()).toBe('');
    expect(await dialog(page).getByPlaceholder('Password').inputValue()).toBe('');

    // Deeper in the flow: the code boxes and the account step are gone too, back at password login.
    await requestCode(page, 'code', 'closing@example.com');
    await codeBox(page, 1).click();
    await page.keyboard.type('12');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await gone(dialog(page));
    await openLoginModal(page);
    expect(await dialog(page).getByPlaceholder('Phone, email or student account').inputValue()).toBe('');
    await openCodeForm(page, 'code');
    expect(await dialog(page).getByPlaceholder('Phone number or email').inputValue()).toBe('');
  });

  it('walks back from the reset form to code entry, account entry and password login', async () => {
    const email = 'back.arrow@example.com';
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    expect(await button(dialog(page), 'back').count()).toBe(0);

    await requestCode(page, 'code', email);
    await typeCode(page, await e2e.latestCode(email));
    await visible(heading(page, 'Set your password'));

    await button(dialog(page), 'back').click();
    await visible(heading(page, 'Enter the verification code'));
    expect(await codeBox(page, 1).inputValue()).toBe('');

    await button(dialog(page), 'back').click();
    await visible(heading(page, 'Code login / Register'));
    // The account typed before is still there, and the running cooldown means no second code is sent.
    expect(await dialog(page).getByPlaceholder('Phone number or email').inputValue()).toBe(email);

    await button(dialog(page), 'back').click();
    await visible(heading(page, 'Log in'));
    expect(await button(dialog(page), 'back').count()).toBe(0);
  });
});
