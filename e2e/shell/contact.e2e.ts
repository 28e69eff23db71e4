/** Contact us (spec §2, §3, §9): areas two per row, masked phones, the contact modal and its QR code. */
import { beforeAll, describe, expect, it } from 'vitest';
import { replaceContacts } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { button, dialog, gone, pageHeading, settle, toastsShown, visible } from '../support/ui.ts';

const e2e = setupE2E();

const CONTACTS = [
  {
    area: 'North',
    region: 'Beijing',
    name: 'Wang Min',
    job: 'Regional adviser',
    phone: '13800138001',
    phone2: '010-55550101',
    address: '1 Zhongguancun Street',
    email: 'wang.min@example.com',
    qrData: 'WECHAT:wang-min',
  },
  { area: 'North', region: 'Tianjin', name: 'Li Jing', phone: '5550123', url: '/favicon.svg' },
  { area: 'East', region: 'Shanghai', name: 'Chen Wei', phone: '13800138003', qrData: 'WECHAT:chen-wei' },
  { area: 'South', region: 'Guangdong', name: 'Huang Qiang', phone: '13800138005' },
];

beforeAll(async () => {
  await replaceContacts(e2e.dataDir, CONTACTS);
});

describe('contact page', () => {
  it('lists areas two per row with masked phones, and opens a contact with its WeChat QR code', async () => {
    const page = await e2e.newPage();
    await page.goto('/regionContactList');
    await visible(pageHeading(page, 'contact us'));

    const rows = page.locator('.contact-row');
    await visible(rows);
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('.contact-area').count()).toBe(2);
    expect(await rows.nth(1).locator('.contact-area').count()).toBe(1);
    expect(await rows.nth(0).locator('.ant-card-head-title').allInnerTexts()).toEqual(['North', 'East']);

    await visible(page.getByText('138****8001'));
    await visible(page.getByText('5550123'));
    expect(await page.getByText('13800138001').count()).toBe(0);

    await page.getByRole('button', { name: 'Wang Min', exact: true }).click();
    const modal = dialog(page);
    await visible(modal.getByText('North - Wang Min', { exact: true }));
    for (const text of [
      'Regional adviser',
      '13800138001',
      '010-55550101',
      '1 Zhongguancun Street',
      'wang.min@example.com',
    ]) {
      await visible(modal.getByText(text, { exact: true }));
    }
    const qr = modal.getByTestId('contact-qr');
    await visible(qr.getByText('WeChat'));
    // Layout sizes (offsetWidth), not the on-screen box: the modal zooms in while it opens.
    const size = (el: HTMLElement) => [el.offsetWidth, el.offsetHeight];
    expect(await qr.locator('.ant-qrcode').evaluate(size)).toEqual([120, 120]);
    expect(
      await page.locator('.contact-modal .ant-modal').evaluate((el: HTMLElement) => el.offsetWidth),
    ).toBe(600);

    await button(modal, 'Cancel').click();
    await gone(modal);
  });

  it('opens the modal from "add WeChat" too, with the QR image when there is no QR text', async () => {
    const page = await e2e.newPage();
    await page.goto('/regionContactList');
    const liJing = page.locator('.contact-item').filter({ hasText: 'Li Jing' });
    await (await visible(liJing.getByRole('button', { name: 'add WeChat' }))).click();
    const modal = dialog(page);
    await visible(modal.getByText('North - Li Jing', { exact: true }));
    const img = modal.getByTestId('contact-qr').locator('img');
    expect(await img.getAttribute('src')).toBe('/favicon.svg');
    expect(await img.getAttribute('width')).toBe('120');

    // Cancel clears the selection: the next contact opens with its own details only.
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(modal);
    await page.getByRole('button', { name: 'Chen Wei', exact: true }).click();
    await visible(dialog(page).getByText('East - Chen Wei', { exact: true }));
    expect(await dialog(page).getByText('Li Jing').count()).toBe(0);
  });

  it('shows translated entries in the chosen language and a school’s own entries as written', async () => {
    await replaceContacts(e2e.dataDir, [
      {
        area: '华北区',
        region: '北京',
        name: '王晓明',
        job: '区域教育顾问',
        phone: '13800138001',
        translations: {
          en: {
            area: 'North China',
            region: 'Beijing',
            name: 'Wang Xiaoming',
            job: 'Regional education adviser',
          },
        },
      },
      { area: '华东区', region: '上海', name: '陈老师', phone: '13800138003' },
    ]);
    const page = await e2e.newPage({ lang: 'zh-CN' });
    await page.goto('/regionContactList');
    await visible(page.getByRole('button', { name: '王晓明', exact: true }));
    await page.locator('.top-bar-actions .language-switch').getByText('EN', { exact: true }).click();
    await visible(page.getByRole('button', { name: 'Wang Xiaoming', exact: true }));
    expect(await page.locator('.contact-area .ant-card-head-title').allInnerTexts()).toEqual([
      'North China',
      '华东区',
    ]);
    await visible(page.getByRole('button', { name: '陈老师', exact: true }));
    await page.getByRole('button', { name: 'Wang Xiaoming', exact: true }).click();
    await visible(dialog(page).getByText('North China - Wang Xiaoming', { exact: true }));
    await visible(dialog(page).getByText('Regional education adviser', { exact: true }));
  });

  it('logs a failed load to the console only', async () => {
    const page = await e2e.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/contact.json', (route) => route.fulfill({ status: 500, body: 'nope' }));
    await page.goto('/regionContactList');
    await visible(page.getByText('No contacts yet.'));
    await settle(page);
    expect(await toastsShown(page)).toEqual([]);
    expect(errors.some((e) => e.includes('contact list could not be loaded'))).toBe(true);
  });
});
