/**
 * Texts of the shared microphone, upload and sound-view components (namespace `microphone`), registered on
 * first use like a lab's texts, so the shared catalogues stay untouched. The invalid-file text is the
 * server catalogue's `audioInvalid`, so the page and the server say the same thing.
 */
import { messageText } from '@ai-edu/contract';
import { componentTexts } from '../../lib/component-texts.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  device: 'Microphone',
  level: 'Loudness',
  levelAria: 'How loud the microphone hears it',
  starting: 'Starting the microphone…',
  start: 'Turn the microphone on',
  hold: 'Hold to record',
  holdHint: 'Keep the button (or the Space bar) pressed while you make the sound.',
  recording: 'Recording… {{seconds}} s',
  timed: 'Record {{seconds}} seconds',
  countdown: 'Get ready… {{count}}',
  stopNow: 'Stop',
  recorded: 'Recorded {{seconds}} s',
  tooShort: 'That was too short: hold the button a little longer.',
  upload: {
    button: 'Upload an audio file',
    hint: 'WAV, MP3, OGG or WebM, up to 20 MB. The file stays on this device.',
    tooLarge: 'the audio file is larger than 20 MB: choose a shorter one',
    tooLong: 'the sound is longer than {{seconds}} seconds: the first {{seconds}} seconds are used',
    reading: 'Reading the file…',
  },
  problem: {
    deniedTitle: 'The microphone is blocked',
    deniedText:
      'This page was not allowed to use the microphone. Click the microphone or lock icon at the left of the address bar, choose "Allow" for the microphone, then press "Try again". On a school computer, the microphone may be switched off by the administrator.',
    missingTitle: 'No microphone found',
    missingText:
      'No microphone is connected (or it was unplugged). Plug in a headset or a microphone, then press "Try again".',
    busyTitle: 'The microphone is busy',
    busyText:
      'Another program (a video call, a recorder) is using the microphone. Close that program, then press "Try again".',
    insecureTitle: 'The microphone cannot be used on this address',
    insecureText:
      'Browsers only allow the microphone on secure pages (https, or localhost on this computer). Ask your teacher to open the platform through its https address.',
    unknownTitle: 'The microphone could not be started',
    unknownText: 'The microphone did not answer. Check that it is plugged in, then press "Try again".',
    retry: 'Try again',
    orUpload: 'You can also work with an audio file instead:',
  },
  privacy: 'Everything runs on this device: your voice does not leave your browser.',
  view: {
    waveformAria: 'Waveform: how the sound moves the microphone over time',
    spectrogramAria: 'Spectrogram: a picture of the sound, pitch against time',
    explain:
      'The wavy line on top shows how hard the sound pushes the microphone at each moment. The picture below it is a spectrogram, a picture of sound: time goes left to right, low notes are at the bottom and high notes at the top, and the brighter a spot, the louder that pitch is at that moment.',
    liveExplain:
      'This is your microphone right now. New sound comes in on the right and slides to the left: low notes at the bottom, high notes at the top, bright means loud. Try whistling high, then low!',
    play: 'Play',
    pause: 'Pause',
    seconds: '{{seconds}} s',
  },
};

const zhCN: typeof en = {
  device: '麦克风',
  level: '音量',
  levelAria: '麦克风听到的音量',
  starting: '正在打开麦克风…',
  start: '打开麦克风',
  hold: '按住录音',
  holdHint: '发出声音时一直按住按钮（或空格键）。',
  recording: '正在录音… {{seconds}} 秒',
  timed: '录 {{seconds}} 秒',
  countdown: '准备… {{count}}',
  stopNow: '停止',
  recorded: '已录 {{seconds}} 秒',
  tooShort: '录得太短了：请多按住一会儿。',
  upload: {
    button: '上传音频文件',
    hint: '支持 WAV、MP3、OGG 或 WebM，最大 20 MB，文件只留在本设备上。',
    tooLarge: '音频文件超过 20 MB：请选择更短的文件',
    tooLong: '声音超过 {{seconds}} 秒：只使用前 {{seconds}} 秒',
    reading: '正在读取文件…',
  },
  problem: {
    deniedTitle: '麦克风被禁止使用',
    deniedText:
      '此页面没有获得麦克风权限。请点击地址栏左侧的麦克风或锁形图标，将麦克风设为“允许”，然后点击“重试”。在学校电脑上，麦克风也可能被管理员关闭。',
    missingTitle: '未找到麦克风',
    missingText: '没有连接麦克风（或麦克风被拔出了）。请插上耳机或麦克风，然后点击“重试”。',
    busyTitle: '麦克风正被占用',
    busyText: '另一个程序（视频通话、录音软件等）正在使用麦克风。请关闭该程序，然后点击“重试”。',
    insecureTitle: '此网址不能使用麦克风',
    insecureText:
      '浏览器只允许在安全页面（https，或本机的 localhost）上使用麦克风。请老师通过 https 地址打开平台。',
    unknownTitle: '麦克风无法启动',
    unknownText: '麦克风没有响应。请检查是否已插好，然后点击“重试”。',
    retry: '重试',
    orUpload: '也可以改用一个音频文件：',
  },
  privacy: '所有计算都在本设备上完成：你的声音不会离开浏览器。',
  view: {
    waveformAria: '波形图：声音随时间推动麦克风的样子',
    spectrogramAria: '声谱图：声音的图画，音高随时间变化',
    explain:
      '上面的波浪线表示每一刻声音推动麦克风有多用力。下面的图叫声谱图，是声音的图画：时间从左到右，低音在下面，高音在上面，某一点越亮，说明那一刻那个音高的声音越响。',
    liveExplain:
      '这是你的麦克风此刻听到的声音。新的声音从右边进来，向左滑动：低音在下，高音在上，越亮越响。试试先吹个高音口哨，再吹个低音！',
    play: '播放',
    pause: '暂停',
    seconds: '{{seconds}} 秒',
  },
};

export type MicrophoneTextKey = LabTextKey<typeof en>;
export const useMicrophoneTexts = componentTexts('microphone', { en, 'zh-CN': zhCN }).useTexts;

/** The catalogue's "please choose a valid audio file (WAV, MP3, OGG or WebM)" in the page's language. */
export function audioInvalidText(language: string): string {
  return messageText('audioInvalid', language.startsWith('en') ? 'en' : 'zh-CN');
}
