import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startBanner, studentAddresses } from './start-banner.ts';

const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  eth0: [{ address: '192.168.10.20', family: 'IPv4', internal: false }],
  wlan0: [
    { address: '10.0.0.7', family: 'IPv4', internal: false },
    { address: 'fe80::1', family: 'IPv6', internal: false },
  ],
} as unknown as NodeJS.Dict<NetworkInterfaceInfo[]>;

const facts = {
  database: 'embedded (PGlite) in /srv/data/db',
  storedFiles: 'local disk in /srv/data',
  demoAccounts: [{ account: 'student@demo', password: 'demo1234', what: 'a student' }],
};

describe('the addresses npm start prints', () => {
  it('lists each LAN address students open, https when it is on', () => {
    expect(studentAddresses({ host: '0.0.0.0', port: 3000, secure: true, interfaces })).toEqual({
      local: 'https://localhost:3000',
      network: ['https://192.168.10.20:3000', 'https://10.0.0.7:3000'],
    });
    expect(studentAddresses({ host: '0.0.0.0', port: 80, secure: false, interfaces }).network).toEqual([
      'http://192.168.10.20',
      'http://10.0.0.7',
    ]);
  });

  it('lists none when only this computer can reach it, and says how to open it to the school', () => {
    expect(studentAddresses({ host: '127.0.0.1', port: 3000, secure: false, interfaces })).toEqual({
      local: 'http://127.0.0.1:3000',
      network: [],
    });
    const banner = startBanner({ host: '127.0.0.1', port: 3000, secure: false, interfaces, ...facts });
    expect(banner).toContain('HOST=0.0.0.0 HTTPS=auto npm start');
  });

  it('ends with the demo accounts, after the addresses and the set-up page', () => {
    const banner = startBanner({
      host: '0.0.0.0',
      port: 3000,
      secure: true,
      interfaces,
      ...facts,
      redirectPort: 80,
    });
    const lines = banner.trimEnd().split('\n');
    expect(lines.at(-1)).toContain('student@demo');
    expect(banner).toContain('https://192.168.10.20:3000/setup');
    expect(banner).toContain('Plain HTTP on port 80 redirects to HTTPS');
    expect(banner.indexOf('https://10.0.0.7:3000')).toBeLessThan(banner.indexOf('Demo accounts'));
  });

  it('tells a plain-http LAN server that the camera labs need HTTPS', () => {
    const banner = startBanner({ host: '0.0.0.0', port: 3000, secure: false, interfaces, ...facts });
    expect(banner).toContain('http://192.168.10.20:3000');
    expect(banner).toContain('need HTTPS on other machines');
  });
});
