/** Code login for existing accounts, password recovery and the wrong-code fail view (spec §2, §4, §8). */
import { describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import {
  button,
  codeBox,
  dialog,
  expectLoggedInAs,
  gone,
  heading,
  logout,
  openLoginModal,
  passwordLogin,
  pasteCode,
  requestCode,
  storedUsers,
  toastSeen,
  typeCode,
  visible,
  wrongCode,
  submitLogin,
  openCodeForm,
} from '../support/ui.ts';

const e2e = setupE2E();

describe('code login', () => {
  it('logs an account that has a password straight in, from a pasted sentence', async () => {
    const email = 'campus@example.com';
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await requestCode(page, 'code', email);

    const code = await e2e.latestCode(email, { purpose: 'login' });
    await pasteCode(page, `Your code is ${code.slice(0, 3)} ${code.slice(3)}. It expires in 5 minutes.`, 3);

    await toastSeen(page, 'login successful');
    await gone(dialog(page));
    await expectLoggedInAs(page, email);
    const users = await storedUsers(page);
    expect(users?.accountType).toBe('校园账号');
    expect(users?.data?.account).toBe(email);
  });

  it('shows the code error, then after 3 s the fail view with re-register', async () => {
    const email = 'wrong.code@example.com';
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await requestCode(page, 'code', email);

    await typeCode(page, wrongCode(await e2e.latestCode(email)));
    await visible(dialog(page).getByText('verification code error'));
    // While the error shows, the boxes are locked and the fail view has not replaced them yet.
    expect(await codeBox(page, 1).isDisabled()).toBe(true);
    expect(await dialog(page).getByText('registration failed').count()).toBe(0);

    await visible(dialog(page).getByText('registration failed'));
    await visible(dialog(page).getByText('verification code error'));
    expect(await codeBox(page, 1).count()).toBe(0);

    await button(dialog(page), 're-register').click();
    await visible(heading(page, 'Code login / Register'));
    expect(await dialog(page).getByPlaceholder('Phone number or email').inputValue()).toBe(email);
    expect(await storedUsers(page)).toMatchObject({ uid: '' });
  });

  it('reports a too-frequent resend request with the spec wording', async () => {
    const email = 'too.frequent@example.com';
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await requestCode(page, 'code', email);
    expect(await e2e.countCodes(email)).toBe(1);

    // A new modal forgets the cooldown, the server does not.
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await gone(dialog(page));
    await openLoginModal(page);
    await openCodeForm(page, 'code');
    await dialog(page).getByPlaceholder('Phone number or email').fill(email);
    await button(dialog(page), 'Next').click();
    await toastSeen(page, 'operation too frequent, try later');
    await visible(heading(page, 'Code login / Register'));
    expect(await e2e.countCodes(email)).toBe(1);
  });

  it('rejects an address that is neither an email nor a phone number', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await openCodeForm(page, 'code');
    await dialog(page).getByPlaceholder('Phone number or email').fill('12345');
    await button(dialog(page), 'Next').click();
    await toastSeen(page, 'email or phone wrong');
    await visible(heading(page, 'Code login / Register'));
  });
});

describe('forgot password', () => {
  it('resets the password by code, logs in, and only the new password works afterwards', async () => {
    const email = 'learner@example.com';
    const newPassword = 'Fresh2025ok';
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await requestCode(page, 'forget', email);

    await typeCode(page, await e2e.latestCode(email, { purpose: 'reset' }));
    await visible(heading(page, 'Set a new password'));
    await dialog(page).getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog(page).getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await button(dialog(page), 'Save password').click();

    await visible(dialog(page).getByText('Password reset successful', { exact: true }));
    await expectLoggedInAs(page, email);
    await button(dialog(page), 'Start exploring').click();
    await gone(dialog(page));
    await logout(page);

    await openLoginModal(page);
    await passwordLogin(page, email, 'Learner123');
    await toastSeen(page, 'account or password wrong');
    await visible(heading(page, 'Log in'));
    expect(await storedUsers(page)).toMatchObject({ uid: '' });

    await dialog(page).getByPlaceholder('Password').fill(newPassword);
    await submitLogin(page);
    await toastSeen(page, 'login successful');
    await expectLoggedInAs(page, email);
  });
});
