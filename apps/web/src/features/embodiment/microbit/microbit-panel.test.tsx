/** What the micro:bit panel says before anyone clicks: browser support, the receiver and its guide. */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { MicrobitPanel } from './microbit-panel.tsx';

function page(secure: boolean, navigatorLike: object) {
  vi.stubGlobal('window', {
    isSecureContext: secure,
    location: { origin: 'http://school.lan:3000', pathname: '/embodiment', search: '', hash: '' },
  });
  vi.stubGlobal('navigator', navigatorLike);
  vi.stubGlobal('localStorage', { getItem: () => 'maqueen', setItem: () => undefined });
}

beforeAll(() => {
  vi.stubGlobal('document', { documentElement: {}, title: '' });
  initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('document', { documentElement: {}, title: '' });
});

describe('MicrobitPanel', () => {
  it('on a plain-http page says why in Chinese, and still offers the receiver and the guide', async () => {
    page(false, {});
    await i18n.changeLanguage('zh-CN');
    const html = renderToStaticMarkup(<MicrobitPanel />);
    expect(html).toContain('真实的机器人：micro:bit');
    expect(html).toContain('连接硬件需要使用安全（https）地址');
    expect(html).toContain('下载 receiver.py');
    expect(html).toContain('python.microbit.org');
    expect(html).toContain('data-status="insecure"');
    // Connect stays off: the browser would refuse anyway.
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*连接（USB）/);
  });

  it('in Chrome on a secure page offers USB and Bluetooth and the stored board', async () => {
    page(true, { usb: {}, bluetooth: {} });
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<MicrobitPanel />);
    expect(html).toContain('This browser can connect to a micro:bit (USB, Bluetooth).');
    expect(html).toContain('DFRobot Maqueen (motors over I2C)');
    expect(html).not.toContain('insecure-origin');
    expect(html).toContain('data-status="idle"');
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Connect \(USB\)/);
  });

  it('in a browser without WebUSB or Web Bluetooth names Chrome and Edge', async () => {
    page(true, {});
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<MicrobitPanel />);
    expect(html).toContain('This browser cannot connect to a micro:bit');
    expect(html).toContain('only Chrome and Edge on a computer');
    expect(html).toContain('Download receiver.py');
  });
});
