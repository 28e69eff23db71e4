/**
 * Texts of the secure-origin notice (namespace `secureOrigin`): why the camera, the microphone, a hardware
 * connection or copying cannot work on a page opened over plain http, and what to do instead.
 */
import { componentTexts } from '../../lib/component-texts.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  title: {
    camera: 'The camera needs the secure (https) address',
    microphone: 'The microphone needs the secure (https) address',
    hardware: 'Connecting hardware needs the secure (https) address',
    clipboard: 'Copying needs the secure (https) address',
  },
  reason:
    'This computer opened the platform over plain http ({{origin}}). Browsers allow the camera, the microphone, hardware connections and the clipboard only on secure pages (https), so nothing is wrong with this device.',
  openSecure: 'Open this page at the secure address:',
  noSecure:
    'The school server does not offer https yet: ask your teacher or the IT person to start it with HTTPS (the set-up page says how).',
  setup: 'How to set up this device',
  aria: 'Why this cannot start here',
};

const zhCN: typeof en = {
  title: {
    camera: '摄像头需要使用安全（https）地址',
    microphone: '麦克风需要使用安全（https）地址',
    hardware: '连接硬件需要使用安全（https）地址',
    clipboard: '复制需要使用安全（https）地址',
  },
  reason:
    '这台电脑是通过普通 http（{{origin}}）打开平台的。浏览器只在安全页面（https）上允许使用摄像头、麦克风、硬件连接和剪贴板，所以这台设备本身没有问题。',
  openSecure: '请用安全地址打开本页：',
  noSecure: '学校服务器还没有开启 https：请老师或信息技术老师用 HTTPS 方式启动服务器（设置页面有说明）。',
  setup: '如何设置本设备',
  aria: '这里无法启动的原因',
};

export type SecureOriginTextKey = LabTextKey<typeof en>;
export const useSecureOriginTexts = componentTexts('secureOrigin', { en, 'zh-CN': zhCN }).useTexts;
