/**
 * Texts of the micro:bit panel on /embodiment, in a namespace of their own (`embodimentMicrobit`) so the
 * page's catalogue (../i18n.ts), which others edit too, stays untouched. zh-CN is the default language.
 */
import { componentTexts } from '../../../lib/component-texts.ts';
import type { LabTextKey } from '../../../lib/lab-i18n.ts';

const en = {
  title: 'A real robot: micro:bit',
  intro:
    'The same robot program can drive a real robot: a BBC micro:bit on a car board, connected to this computer by USB cable (or Bluetooth). First put our small receiver program on the micro:bit once; then connect.',
  browser: {
    ok: 'This browser can connect to a micro:bit ({{how}}).',
    usb: 'USB',
    bluetooth: 'Bluetooth',
    unsupportedTitle: 'This browser cannot connect to a micro:bit',
    unsupported:
      'Connecting needs WebUSB or Web Bluetooth, which only Chrome and Edge on a computer have (Firefox and Safari do not). Open this page in Chrome or Edge. You can still download the receiver and read the guide below.',
    why: 'Why Chrome or Edge on a secure address: WebUSB and Web Bluetooth are only in Chromium browsers, and only on secure pages (https, or this computer itself), so that a web page cannot reach a device behind your back.',
  },
  receiver: {
    title: '1. Once: put the receiver on the micro:bit',
    text: 'The receiver is a short MicroPython program. It listens for our commands (motors, display, sound) and reports the buttons, tilt, compass, light and line sensors ten times a second. It stops the motors by itself when the computer goes quiet.',
    download: 'Download receiver.py',
    source: 'Show the receiver’s code',
    steps: {
      one: 'Download receiver.py (the button above).',
      two: 'Open the micro:bit Python Editor: python.microbit.org in Chrome or Edge, or the offline Mu editor if the school has no internet.',
      three: 'Open receiver.py in the editor (Open… / Load) so it replaces main.py.',
      four: 'Plug the micro:bit in by USB and press “Send to micro:bit” (Mu: “Flash”). Or save the .hex and copy it onto the MICROBIT drive.',
      five: 'The micro:bit shows a smiley: the receiver runs. It stays there after unplugging; you only do this once.',
    },
    whyNoFlash:
      'Why not from this page: our server is offline, and no npm package carries the MicroPython firmware the receiver needs, so the official editors (which have it) do this one step.',
  },
  connect: {
    title: '2. Connect',
    board: 'Car board',
    boards: {
      'pins-p13-p16': 'Motor driver on P13–P16 (L9110 / TB6612 boards)',
      maqueen: 'DFRobot Maqueen (motors over I2C)',
      'move-mini': 'Kitronik :MOVE mini (servos P1, P2)',
      none: 'micro:bit alone (no motors)',
    },
    assumed:
      'Pins of this board are a common layout and not checked for every maker: if the wheels turn the wrong way, swap the motor wires.',
    usb: 'Connect (USB)',
    bluetooth: 'Connect (Bluetooth)',
    disconnect: 'Disconnect',
    bluetoothNote:
      'Bluetooth needs the MakeCode version of the receiver: MicroPython on the micro:bit has no Bluetooth, so the Python receiver answers over USB only. In makecode.microbit.org: New project, Extensions → “bluetooth”, Project Settings → “No Pairing Required”, switch to JavaScript, paste the code below, Download and copy it onto the micro:bit.',
    makecode: 'Show the MakeCode receiver (Bluetooth and USB)',
    makecodeDownload: 'Download receiver-makecode.ts',
  },
  status: {
    idle: 'Not connected.',
    unsupported: 'This browser cannot connect (use Chrome or Edge).',
    insecure: 'This page is not on a secure address, so the browser does not allow connecting.',
    connecting: 'Connecting… choose the micro:bit in the browser’s window.',
    waiting: 'Connected to the micro:bit; waiting for the receiver to answer…',
    noReceiver:
      'The micro:bit is connected but no receiver answers. Put the receiver on it (step 1), then press its reset button.',
    oldReceiver: 'The micro:bit runs an older receiver. Download the receiver again and flash it (step 1).',
    connected: 'Connected: the robot is listening.',
    paused: 'Paused while this tab is hidden; it reconnects when you come back.',
    reconnecting: 'The connection dropped; trying again…',
    disconnected: 'Disconnected.',
    error:
      'Could not connect ({{error}}). Unplug the micro:bit, plug it in again and retry; close other tabs that use it.',
    board: 'micro:bit {{version}}',
  },
  readings: {
    title: 'Live readings',
    buttonA: 'Button A',
    buttonB: 'Button B',
    pressed: 'pressed',
    released: 'released',
    tilt: 'Tilt (x, y)',
    compass: 'Compass',
    degrees: '{{value}}°',
    notCalibrated: 'not calibrated',
    calibrate: 'Calibrate the compass',
    calibrateHint: 'Tilt the micro:bit to fill its display, as it asks.',
    light: 'Light level',
    line: 'Line sensors (left, right)',
    distance: 'Distance',
    none: '—',
  },
  test: {
    title: 'Try the robot',
    ledOn: 'Display on',
    ledOff: 'Display off',
    heart: 'Show a heart',
    forward: 'Forward',
    stop: 'Stop',
    beep: 'Beep',
  },
};

const zh: typeof en = {
  title: '真实的机器人：micro:bit',
  intro:
    '同一个机器人程序也能驱动真实的机器人：装在小车扩展板上的 BBC micro:bit，用 USB 线（或蓝牙）连到这台电脑。先把我们的小接收程序写入 micro:bit（只需一次），然后连接。',
  browser: {
    ok: '这个浏览器可以连接 micro:bit（{{how}}）。',
    usb: 'USB',
    bluetooth: '蓝牙',
    unsupportedTitle: '这个浏览器不能连接 micro:bit',
    unsupported:
      '连接需要 WebUSB 或 Web Bluetooth，只有电脑上的 Chrome 和 Edge 浏览器才有（Firefox 和 Safari 没有）。请用 Chrome 或 Edge 打开本页。下面仍然可以下载接收程序、阅读写入指南。',
    why: '为什么要用 Chrome 或 Edge 并使用安全地址：WebUSB 和 Web Bluetooth 只在 Chromium 内核的浏览器里提供，而且只在安全页面（https，或本机地址）上开放，这样网页就不能背着你访问设备。',
  },
  receiver: {
    title: '1. 只需一次：把接收程序写入 micro:bit',
    text: '接收程序是一段简短的 MicroPython 程序。它接收我们的指令（电机、显示屏、声音），并每秒十次报告按钮、倾斜、指南针、光线和巡线传感器的读数。电脑不再发送指令时，它会自动停下电机。',
    download: '下载 receiver.py',
    source: '查看接收程序的代码',
    steps: {
      one: '下载 receiver.py（上面的按钮）。',
      two: '打开 micro:bit Python 编辑器：在 Chrome 或 Edge 中访问 python.microbit.org；学校没有外网时，可以用离线的 Mu 编辑器。',
      three: '在编辑器中打开 receiver.py（“打开…”/“加载”），让它替换 main.py。',
      four: '用 USB 线连接 micro:bit，点击“发送到 micro:bit”（Mu 中为“刷入”）。也可以保存 .hex 文件，再复制到 MICROBIT 盘。',
      five: 'micro:bit 显示笑脸，说明接收程序在运行。拔掉后程序仍然保留，这一步只需做一次。',
    },
    whyNoFlash:
      '为什么不能直接在本页写入：我们的服务器是离线的，而 npm 上没有哪个包附带接收程序所需的 MicroPython 固件，所以这一步交给自带固件的官方编辑器完成。',
  },
  connect: {
    title: '2. 连接',
    board: '小车扩展板',
    boards: {
      'pins-p13-p16': 'P13–P16 电机驱动（L9110 / TB6612 扩展板）',
      maqueen: 'DFRobot Maqueen 麦昆（I2C 电机）',
      'move-mini': 'Kitronik :MOVE mini（舵机 P1、P2）',
      none: '只有 micro:bit（没有电机）',
    },
    assumed: '这种扩展板的引脚采用常见接法，并未逐一核对每个厂家：如果轮子转反了，请对调电机接线。',
    usb: '连接（USB）',
    bluetooth: '连接（蓝牙）',
    disconnect: '断开',
    bluetoothNote:
      '蓝牙连接需要 MakeCode 版的接收程序：micro:bit 上的 MicroPython 没有蓝牙，所以 Python 接收程序只通过 USB 应答。在 makecode.microbit.org 中：新建项目，扩展 → “bluetooth”，项目设置 → “无需配对”，切换到 JavaScript，粘贴下面的代码，下载后复制到 micro:bit。',
    makecode: '查看 MakeCode 版接收程序（蓝牙和 USB）',
    makecodeDownload: '下载 receiver-makecode.ts',
  },
  status: {
    idle: '尚未连接。',
    unsupported: '这个浏览器不能连接（请使用 Chrome 或 Edge）。',
    insecure: '本页不是安全地址，浏览器不允许连接。',
    connecting: '正在连接……请在浏览器弹出的窗口中选择 micro:bit。',
    waiting: '已连接 micro:bit，正在等待接收程序应答……',
    noReceiver:
      'micro:bit 已连接，但没有接收程序应答。请先写入接收程序（第 1 步），再按 micro:bit 背面的复位键。',
    oldReceiver: 'micro:bit 上运行的是旧版接收程序。请重新下载并写入接收程序（第 1 步）。',
    connected: '已连接：机器人正在听指令。',
    paused: '本标签页隐藏时暂停连接；回到本页后会自动重新连接。',
    reconnecting: '连接断开了，正在重试……',
    disconnected: '已断开。',
    error: '无法连接（{{error}}）。请拔下 micro:bit 再插上后重试，并关闭其他正在使用它的标签页。',
    board: 'micro:bit {{version}}',
  },
  readings: {
    title: '实时读数',
    buttonA: '按钮 A',
    buttonB: '按钮 B',
    pressed: '按下',
    released: '松开',
    tilt: '倾斜（x, y）',
    compass: '指南针',
    degrees: '{{value}}°',
    notCalibrated: '未校准',
    calibrate: '校准指南针',
    calibrateHint: '按 micro:bit 的提示倾斜它，把显示屏点满。',
    light: '光线强度',
    line: '巡线传感器（左，右）',
    distance: '距离',
    none: '—',
  },
  test: {
    title: '试试机器人',
    ledOn: '点亮显示屏',
    ledOff: '熄灭显示屏',
    heart: '显示爱心',
    forward: '前进',
    stop: '停止',
    beep: '发声',
  },
};

export type MicrobitTextKey = LabTextKey<typeof en>;
export const useMicrobitTexts = componentTexts('embodimentMicrobit', { en, 'zh-CN': zh }).useTexts;
