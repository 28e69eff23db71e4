/**
 * Texts of the shared camera and upload components (namespace `camera`), registered on first use like a
 * lab's texts, so the shared catalogues stay untouched. Upload errors are the spec's (§5).
 */
import { componentTexts } from '../../lib/component-texts.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  upload: {
    notImage: 'please choose a valid image file',
    readFailed: 'file read failed, please retry',
    button: 'Upload a photo',
    hint: 'PNG, JPEG, GIF or WebP. The photo stays on this device.',
  },
  problem: {
    deniedTitle: 'The camera is blocked',
    deniedText:
      'This page was not allowed to use the camera. Click the camera or lock icon at the left of the address bar, choose "Allow" for the camera, then press "Try again". On a school computer, the camera may be switched off by the administrator.',
    missingTitle: 'No camera found',
    missingText:
      'No camera is connected, or another program (a video call, OBS) is using it. Connect a camera or close the other program, then press "Try again".',
    errorTitle: 'The camera could not be started',
    errorText: 'The camera did not answer. Close other programs that may use it, then press "Try again".',
    retry: 'Try again',
    orUpload: 'You can also work from a photo instead:',
  },
  privacy: 'Everything runs on this device: no image or video leaves your browser.',
  start: 'Start camera',
  stop: 'Stop camera',
  starting: 'Starting the camera…',
};

const zhCN: typeof en = {
  upload: {
    notImage: '请选择有效的图片文件',
    readFailed: '文件读取失败，请重试',
    button: '上传照片',
    hint: '支持 PNG、JPEG、GIF 或 WebP，照片只留在本设备上。',
  },
  problem: {
    deniedTitle: '摄像头被禁止使用',
    deniedText:
      '此页面没有获得摄像头权限。请点击地址栏左侧的摄像头或锁形图标，将摄像头设为“允许”，然后点击“重试”。在学校电脑上，摄像头也可能被管理员关闭。',
    missingTitle: '未找到摄像头',
    missingText:
      '没有连接摄像头，或摄像头正被其他程序（视频通话、OBS 等）占用。请连接摄像头或关闭其他程序，然后点击“重试”。',
    errorTitle: '摄像头无法启动',
    errorText: '摄像头没有响应。请关闭可能占用它的其他程序，然后点击“重试”。',
    retry: '重试',
    orUpload: '也可以改用一张照片：',
  },
  privacy: '所有计算都在本设备上完成：图像和视频不会离开你的浏览器。',
  start: '打开摄像头',
  stop: '关闭摄像头',
  starting: '正在打开摄像头…',
};

const texts = componentTexts('camera', { en, 'zh-CN': zhCN });
export type CameraTextKey = LabTextKey<typeof en>;

/** Translates a camera text outside React (e.g. an upload error message) in the current language. */
export const cameraText = (key: CameraTextKey): string => texts.text(key);
export const useCameraTexts = texts.useTexts;
