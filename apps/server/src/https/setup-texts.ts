/**
 * Texts of the device set-up page (/setup), in the platform's two languages. The page is served by the
 * server itself, signed in or not, also on the plain-HTTP redirect port, so a device can trust the school's
 * CA before it opens anything over HTTPS.
 */
export const setupTexts = {
  'zh-CN': {
    title: '为本设备设置 AI 实验室',
    why: '浏览器只在安全的网址（https，或本机的 localhost）上允许使用摄像头、麦克风、硬件接口和剪贴板。学校服务器使用自己的证书颁发机构（CA）签发 https 证书：每台设备信任它一次，之后所有实验都能使用摄像头和麦克风。',
    address: '学生打开的地址',
    qr: '平板电脑：用相机扫描二维码打开 https 地址。',
    download: '下载学校 CA 证书（school-ca.crt）',
    fingerprint: 'SHA-256 指纹（与设备上显示的核对）：',
    httpsOff:
      '这台服务器目前只提供普通 http。请在服务器上用 HOST=0.0.0.0 HTTPS=auto npm start（或 LAN=1 npm start）启动，它会自动生成学校 CA 和 https 证书，然后再打开本页。',
    ownCertificate: '这台服务器使用学校自己的证书：如果设备已信任签发它的机构，就不需要再做任何设置。',
    stepsTitle: '在每台设备上信任学校 CA',
    windows: [
      'Windows',
      '下载证书并双击打开，点击“安装证书”。',
      '选择“本地计算机”（需要管理员）或“当前用户”，然后选择“将所有的证书都放入下列存储”→“受信任的根证书颁发机构”。',
      '完成后重新打开 Chrome 或 Edge。',
    ],
    macos: [
      'macOS',
      '下载证书并双击：它会加入“钥匙串访问”的“登录”钥匙串。',
      '在“钥匙串访问”中双击“AI Lab school CA”，展开“信任”，将“使用此证书时”设为“始终信任”，输入密码确认。',
      '重新打开浏览器。',
    ],
    chromeos: [
      'ChromeOS（Chromebook）',
      '下载证书，打开 设置 → 隐私和安全 → 安全 → 管理证书 →“授权机构”→“导入”。',
      '选择 school-ca.crt，勾选“信任该证书，以标识网站身份”，点击“确定”。',
    ],
    ios: [
      'iPadOS / iOS',
      '用 Safari 打开本页并点击下载链接，选择“允许”下载描述文件。',
      '打开 设置 → 已下载描述文件 → 安装（输入设备密码）。',
      '再打开 设置 → 通用 → 关于本机 → 证书信任设置，打开“AI Lab school CA”的完全信任开关。',
    ],
    android: [
      'Android',
      '下载证书。',
      '打开 设置 → 安全 → 加密与凭据 → 安装证书 →“CA 证书”，选择 school-ca.crt 并确认（不同厂商菜单名称略有不同）。',
      'Chrome 会使用用户安装的 CA；重新打开 Chrome。',
    ],
    managed: [
      '统一管理的设备（策略）',
      'Windows 域：组策略 → 计算机配置 → Windows 设置 → 安全设置 → 公钥策略 →“受信任的根证书颁发机构”→ 导入 school-ca.crt；Intune：“受信任的证书”配置文件。',
      'Chromebook：Google 管理控制台 → 设备 → 网络 → 证书，上传 school-ca.crt 并勾选“将此证书用作 HTTPS 证书授权机构”。',
      'iPad / Mac：在 MDM（Apple 校园教务管理、Jamf 等）中添加包含 school-ca.crt 的“证书”描述文件。',
      'Android Enterprise：在 EMM 中把 school-ca.crt 作为 CA 证书下发。',
    ],
    alternativeTitle: '另一种办法：不用证书',
    alternative:
      '信息技术老师也可以通过 Chrome/Edge 策略 OverrideSecurityRestrictionsOnInsecureOrigin 把服务器的 http 地址当作安全来源，例如：',
    alternativeNote: '这只对下发了该策略的 Chrome 和 Edge 有效；平板电脑和其他浏览器仍需要信任学校 CA。',
    back: '打开 AI 实验室',
    otherLanguage: 'English',
  },
  en: {
    title: 'Set up this device for AI Lab',
    why: 'Browsers allow the camera, the microphone, hardware connections and the clipboard only on secure addresses (https, or localhost on the same computer). The school server signs its https certificate with its own certificate authority (CA): trust it once on each device, and every lab can use the camera and microphone.',
    address: 'The address students open',
    qr: 'Tablets: scan the QR code with the camera to open the https address.',
    download: 'Download the school CA certificate (school-ca.crt)',
    fingerprint: 'SHA-256 fingerprint (compare it with what the device shows):',
    httpsOff:
      'This server serves plain http for now. Start it with HOST=0.0.0.0 HTTPS=auto npm start (or LAN=1 npm start): it makes the school CA and an https certificate by itself. Then open this page again.',
    ownCertificate:
      "This server uses the school's own certificate: devices that trust the authority that issued it need no set-up.",
    stepsTitle: 'Trust the school CA on each device',
    windows: [
      'Windows',
      'Download the certificate, open it and click "Install Certificate".',
      'Choose "Local Machine" (needs an administrator) or "Current User", then "Place all certificates in the following store" → "Trusted Root Certification Authorities".',
      'Reopen Chrome or Edge.',
    ],
    macos: [
      'macOS',
      'Download the certificate and double-click it: it is added to the "login" keychain in Keychain Access.',
      'In Keychain Access double-click "AI Lab school CA", open "Trust" and set "When using this certificate" to "Always Trust"; confirm with your password.',
      'Reopen the browser.',
    ],
    chromeos: [
      'ChromeOS (Chromebook)',
      'Download the certificate, then open Settings → Privacy and security → Security → Manage certificates → "Authorities" → "Import".',
      'Choose school-ca.crt, tick "Trust this certificate for identifying websites" and click "OK".',
    ],
    ios: [
      'iPadOS / iOS',
      'Open this page in Safari, tap the download link and "Allow" the profile download.',
      'Open Settings → Profile Downloaded → Install (enter the device passcode).',
      'Then Settings → General → About → Certificate Trust Settings: switch on full trust for "AI Lab school CA".',
    ],
    android: [
      'Android',
      'Download the certificate.',
      'Open Settings → Security → Encryption & credentials → Install a certificate → "CA certificate", choose school-ca.crt and confirm (menu names vary a little by maker).',
      'Chrome uses CAs the user installed; reopen Chrome.',
    ],
    managed: [
      'Managed devices (by policy)',
      'Windows domain: Group Policy → Computer Configuration → Windows Settings → Security Settings → Public Key Policies → "Trusted Root Certification Authorities" → import school-ca.crt; Intune: a "Trusted certificate" profile.',
      'Chromebooks: Google Admin console → Devices → Networks → Certificates: upload school-ca.crt and tick "Use this certificate as an HTTPS certificate authority".',
      'iPads and Macs: add a "Certificate" payload with school-ca.crt in your MDM (Apple School Manager with Jamf, Mosyle…).',
      'Android Enterprise: push school-ca.crt as a CA certificate from your EMM.',
    ],
    alternativeTitle: 'The other way: no certificate',
    alternative:
      "An IT person can instead make Chrome and Edge treat the server's http address as secure with the policy OverrideSecurityRestrictionsOnInsecureOrigin, for example:",
    alternativeNote:
      'This works only in Chrome and Edge where the policy is pushed; tablets and other browsers still need the school CA.',
    back: 'Open AI Lab',
    otherLanguage: '中文',
  },
} as const;

export type SetupLanguage = keyof typeof setupTexts;
