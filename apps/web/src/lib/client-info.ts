/** Browser and operating system read from a user-agent string, for error reports (spec §2 error page). */
export interface ClientInfo {
  browser: string;
  os: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/MicroMessenger\/([\d.]+)/, 'WeChat'],
  [/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
  [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/Windows NT ([\d.]+)/, (m) => `Windows NT ${m[1] ?? ''}`],
  [/(?:iPhone|iPad|iPod).* OS ([\d_]+)/, (m) => `iOS ${(m[1] ?? '').replace(/_/g, '.')}`],
  [/Mac OS X ([\d_.]+)/, (m) => `macOS ${(m[1] ?? '').replace(/_/g, '.')}`],
  [/Android ([\d.]+)/, (m) => `Android ${m[1] ?? ''}`],
  [/CrOS/, () => 'ChromeOS'],
  [/HarmonyOS/, () => 'HarmonyOS'],
  [/Linux/, () => 'Linux'],
];

export function describeClient(userAgent: string): ClientInfo {
  let browser = 'unknown';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(userAgent);
    if (m) {
      browser = `${name} ${m[1] ?? ''}`.trim();
      break;
    }
  }
  let os = 'unknown';
  for (const [re, name] of SYSTEMS) {
    const m = re.exec(userAgent);
    if (m) {
      os = name(m).trim();
      break;
    }
  }
  return { browser, os };
}
