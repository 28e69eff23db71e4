/** The top bar for each kind of account (spec §1, §2, §4): links, badge, expiry, points, event, phone width. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { layoutProblems } from '../support/layout.ts';
import {
  dialog,
  eventually,
  expectPath,
  gone,
  loginEntry,
  logout,
  motionDone,
  navLink,
  pageHeading,
  settle,
  userMenu,
  visible,
} from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();
let vip0: TestAccount;
let vip1: TestAccount;
let vip2: TestAccount;
let longest: TestAccount;

beforeAll(async () => {
  vip0 = await createUser(e2e.dataDir, {
    account: 'nav.vip0@example.com',
    password: 'Navbar0pass',
    vip: 0,
    credits: 120,
  });
  vip1 = await createUser(e2e.dataDir, {
    account: 'nav.vip1@example.com',
    password: 'Navbar1pass',
    vip: 1,
    credits: 45,
  });
  vip2 = await createUser(e2e.dataDir, {
    account: 'nav.vip2@example.com',
    password: 'Navbar2pass',
    vip: 2,
    days: 30,
    company: 'Riverside Primary',
    credits: 2500,
  });
  // The widest bar: every link, a 7-digit balance, the longest days-left text.
  longest = await createUser(e2e.dataDir, {
    account: 'li.wei@school.edu',
    password: 'Navbar3pass',
    vip: 2,
    days: 365,
    credits: 9_999_999,
  });
});

const points = (page: Page) => page.getByTestId('points-balance');

/** Every class the login modal's box wore from the moment it opened (seen by a MutationObserver). */
async function modalClassesOnOpening(page: Page): Promise<string> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenModalClasses: string[] }).seenModalClasses = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ant-modal')) seen.push(el.className);
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
  await loginEntry(page).click();
  await visible(dialog(page).getByRole('heading', { name: 'Log in', exact: true }));
  await motionDone(page.locator('.ant-modal'));
  return page.evaluate(() =>
    (window as unknown as { seenModalClasses: string[] }).seenModalClasses.join(' '),
  );
}

describe('motion', () => {
  it('zooms the login modal open, but not for a visitor whose system asks for less motion', async () => {
    const animated = await e2e.newPage({ reducedMotion: false });
    await animated.goto('/');
    await visible(loginEntry(animated));
    expect(await modalClassesOnOpening(animated)).toContain('ant-zoom-appear-active');

    const still = await e2e.newPage({ reducedMotion: true });
    await still.goto('/');
    await visible(loginEntry(still));
    const classes = await modalClassesOnOpening(still);
    // antd still marks the first frame ("prepare"), but the zoom itself never runs.
    expect(classes).toContain('ant-modal');
    expect(classes).not.toContain('ant-zoom-appear-active');
  });
});

describe('logged out', () => {
  it('shows the main links, the event button and login/register, but no points or Class', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await visible(loginEntry(page));
    for (const name of ['Home', 'AI experience lab', 'Courses', 'Embodied intelligence']) {
      await visible(navLink(page, name));
    }
    expect(await navLink(page, 'Class').count()).toBe(0);
    expect(await points(page).count()).toBe(0);
    await visible(page.getByRole('link', { name: 'Event' }));
  });
});

describe('vip 0', () => {
  it('is unauthorised, links to the contact page for authorization, and has no Class', async () => {
    const page = await e2e.newPage();
    await signIn(page, vip0);

    await visible(userMenu(page).getByText('Unauthorised', { exact: true }));
    // The user menu says what the badge means and how to get more.
    await userMenu(page).click();
    const explained = await visible(page.getByTestId('account-explain'));
    expect(await explained.innerText()).toContain('no school has authorised this account yet');
    expect(await explained.innerText()).toContain('Contact for authorization');
    await userMenu(page).click();
    await gone(explained);
    expect(await navLink(page, 'Class').count()).toBe(0);
    await eventually(
      () => points(page).getAttribute('aria-label'),
      (label) => expect(label).toBe('Points: 120'),
    );
    // The number rolls up (1000 ms) and settles on the balance.
    await eventually(
      () => points(page).locator('[data-value] > [aria-hidden="true"]').innerText(),
      (text) => expect(text).toBe('120'),
    );

    await page.getByRole('link', { name: 'Contact for authorization' }).click();
    await expectPath(page, '/regionContactList');
    await visible(pageHeading(page, 'contact us'));
  });
});

describe('the user menu', () => {
  it('shows its button only with the menu’s code, so the first click opens it', async () => {
    const page = await e2e.newPage();
    // Held back, the code keeps the placeholder in the button's place: a button that is drawn anew inside the
    // dropdown while a click lands on it lost that click, or had its menu closed again by the dropdown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = () => {};
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route('**/assets/user-menu-dropdown-*.js', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    const signedIn = signIn(page, vip1); // it waits for the button, which comes once the code is released
    await asked;
    await visible(page.locator('.auth-entry-placeholder'));
    expect(await userMenu(page).count()).toBe(0);
    release();
    await signedIn;
    await userMenu(page).click();
    await visible(page.getByRole('menuitem', { name: 'Log out' }));
  });

  it('tries the menu’s code again on click when it could not be fetched', async () => {
    const page = await e2e.newPage();
    let failures = 0;
    await page.route('**/assets/user-menu-dropdown-*.js', async (route) => {
      if (failures++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    await signIn(page, vip1);
    await userMenu(page).click();
    await visible(page.getByRole('menuitem', { name: 'Log out' }));
    expect(failures).toBe(2);
  });
});

describe('vip 1', () => {
  it('shows the student label and no Class', async () => {
    const page = await e2e.newPage();
    await signIn(page, vip1);
    await visible(userMenu(page).getByText('Student', { exact: true }));
    expect(await userMenu(page).getByText('unauthorised').count()).toBe(0);
    expect(await navLink(page, 'Class').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Contact for authorization' }).count()).toBe(0);
    await eventually(
      () => points(page).getAttribute('aria-label'),
      (label) => expect(label).toBe('Points: 45'),
    );
  });
});

describe('vip 2', () => {
  it('shows the account type, the days left, Class, the points and the event', async () => {
    const page = await e2e.newPage();
    await signIn(page, vip2);

    await visible(userMenu(page).getByText('School account', { exact: true }));
    await visible(userMenu(page).getByText('30 days left', { exact: true }));
    await eventually(
      () => points(page).getAttribute('aria-label'),
      (label) => expect(label).toBe('Points: 2500'),
    );

    await navLink(page, 'Class').click();
    await expectPath(page, '/class');
    await visible(pageHeading(page, 'Class'));

    await page.getByRole('link', { name: 'Event' }).click();
    await expectPath(page, '/eventPromotion');
    await visible(pageHeading(page, 'Limited-time event'));

    await points(page).click();
    await expectPath(page, '/setting/personal');
    await visible(page.getByTestId('profile-account').getByText(vip2.account));
    await visible(page.getByText('Riverside Primary'));
    // The credits history shows the initial grant the CLI made.
    await visible(page.getByTestId('credits-history').getByText('Welcome points'));
    await visible(page.getByTestId('credits-history').getByText('+2500'));
  });

  it('fits a 360 px phone: navigation in a drawer, points and the user menu in the bar', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, vip2);
    await visible(points(page));
    expect(await navLink(page, 'Class').isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.locator('.top-bar-drawer');
    await visible(drawer.getByText('School account', { exact: true }));
    await drawer.getByRole('link', { name: 'Class', exact: true }).click();
    await expectPath(page, '/class');
    await gone(drawer.locator('.ant-drawer-content'));
  });
});

describe('user menu', () => {
  it('opens the settings pages and logs out', async () => {
    const page = await e2e.newPage();
    await signIn(page, vip1);
    await userMenu(page).click();
    await (await visible(page.getByRole('menuitem', { name: 'My lab history' }))).click();
    await expectPath(page, '/setting/experience');
    await visible(page.getByText('You have not opened a lab yet.'));

    // logout() records the 3-s toast as it appears: waiting for the path first could let it come and go.
    await logout(page);
    await expectPath(page, '/');
    // Logging out of a protected page leaves it; it does not ask to log in again.
    await settle(page);
    expect(await dialog(page).count()).toBe(0);
  });
});

/** Every item of the top bar that must stay whole and apart from the others. */
const TOP_BAR_ITEMS = [
  '.top-bar-burger',
  '.top-bar-brand',
  '.top-bar-nav .top-bar-nav-link',
  '.top-bar-contact-auth',
  '.top-bar-points',
  '.top-bar-event',
  '.top-bar-actions .language-switch',
  '.user-menu-trigger',
];

describe('top bar layout', () => {
  it('keeps every item whole and apart at 1024, 1280, 1366 and 390 px in both languages', async () => {
    const page = await e2e.newPage();
    await signIn(page, longest);
    for (const lang of ['en', 'zh-CN'] as const) {
      await page.setViewportSize({ width: 1366, height: 720 });
      await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
      await page.reload();
      await visible(userMenu(page).getByText(lang === 'en' ? '365 days left' : '剩余 365 天'));
      const classLabel = lang === 'en' ? 'Class' : '班级';
      for (const width of [1024, 1280, 1366, 390]) {
        await page.setViewportSize({ width, height: width > 600 ? 720 : 844 });
        await eventually(
          () => points(page).innerText(),
          (text) => expect(text).toContain('9,999,999'),
        );
        expect({ lang, width, problems: await layoutProblems(page, TOP_BAR_ITEMS) }).toEqual({
          lang,
          width,
          problems: [],
        });
        // Where the bar shows Class, nothing lies on top of it (a trial click checks what receives it).
        if (width >= 1100) await navLink(page, classLabel).click({ trial: true, timeout: 5_000 });
        else await visible(page.getByRole('button', { name: lang === 'en' ? 'Open the menu' : '打开菜单' }));
      }
    }
  });
});
