/** The speech synthesis lab's own texts (namespace `lab-voiceSynthesis`); title and description stay shared. */

const en = {
  tip: 'Type a sentence in Chinese or English, choose a voice and press Speak: the computer turns your text into speech. Below, see how it does it.',
  text: {
    title: '1. What should the computer say?',
    label: 'Text to speak',
    placeholder: 'Type or paste Chinese or English text here…',
    counter: '{{count}} / {{max}} characters',
    tooLong: 'Too long: at most {{max}} characters. Remove {{extra}} characters, then try again.',
    empty: 'Type something for the computer to say first.',
    samples: 'Try a sample:',
    sample: {
      zhHello: '你好！我是一台会说话的电脑。',
      zhPoem: '春眠不觉晓，处处闻啼鸟。',
      enHello: 'Hello! I am a computer, and I can talk.',
      enFox: 'The quick brown fox jumps over the lazy dog.',
    },
    mismatchZh:
      'This text looks Chinese, but the voice speaks English: choose a Chinese voice to hear it properly.',
    mismatchEn:
      'This text looks English, but the voice speaks Chinese: choose an English voice to hear it properly.',
  },
  voice: {
    title: '2. Choose a voice',
    label: 'Voice',
    groups: {
      browser: 'This computer’s own voices (runs in your browser)',
      espeak: 'The school server’s built-in voices (eSpeak NG)',
      cloud: 'Cloud AI voice (the school’s AI provider)',
    },
    engines: {
      browser: 'Made by this computer’s operating system, right here — nothing is sent anywhere.',
      espeak:
        'Made by eSpeak NG, a free speech program running on the school’s own server. Works with no internet.',
      cloud: 'Made by a neural network at the school’s AI provider: your text is sent there. Costs credits.',
    },
    tags: { browser: 'this computer', espeak: 'school server', cloud: 'cloud AI' },
    espeakNames: {
      cmn: 'Mandarin Chinese',
      'en-us': 'English (American)',
      'en-gb': 'English (British)',
    },
    cloudName: 'Cloud voice',
    browserNone:
      'This browser has no voices of its own that work offline. Chinese Windows and macOS usually have good ones: open this page there to try them.',
    browserUnsupported: 'This browser cannot speak by itself.',
    cloudMissing: 'No cloud voice is set up on this school’s server.',
  },
  controls: {
    title: '3. Speak',
    speed: 'Speed',
    pitch: 'Pitch',
    slow: 'slow',
    fast: 'fast',
    low: 'low',
    high: 'high',
    normal: 'normal',
    speak: 'Speak',
    speaking: 'Making the sound…',
    cloudSpeak: 'Speak with the cloud voice',
    stop: 'Stop',
    download: 'Download WAV',
    browserNoDownload:
      'This computer’s own voices play straight to the speakers: the browser cannot save them as a file. Choose a school-server or cloud voice to download the sound.',
    chargeRule:
      'Charged only when the sound comes back; pressing Speak again with the same text plays it again for free.',
    cloudDone: 'The cloud voice is ready. {{cost}} spent.',
    cloudReplay: 'Same text as before: played again, not charged.',
    seconds: '{{seconds}} s of sound',
  },
  errors: {
    engine: 'The built-in speech engine did not answer. Wait a moment and press Speak again. ({{message}})',
    input: '{{message}}',
    credits:
      'Not enough credits: the cloud voice needs {{cost}}. Earn credits in events or ask your teacher.',
    limit: 'Too many requests: wait a minute, then try again. ({{message}})',
    denied: 'This lab is not open for your account. Ask your teacher or administrator.',
    session: 'Your session has ended. Please log in again.',
    busy: 'This text is still being spoken. Wait a moment, then try again.',
    provider: 'The cloud voice failed; nothing was charged. ({{message}})',
    network: 'The connection broke before the sound came: {{message}}',
    generic: 'No sound could be made: {{message}}',
    browser: 'This computer’s voice could not speak: {{message}}',
    retry: 'Try again',
  },
  notConfigured: {
    title: 'Cloud voices are not set up on this school’s server',
    text: 'Ask your teacher: the school’s administrator can switch them on. The voices above work without them.',
    adminText:
      'No text-to-speech provider is configured, so no cloud voice is offered and no credits are charged. Set up an OpenAI-compatible /audio/speech endpoint or Tencent Cloud TTS in the admin console’s “AI providers” tab, or in the server environment:',
    vendor: '“openai” (any OpenAI-compatible /audio/speech endpoint) or “tencent” (Tencent Cloud TTS)',
    baseUrl: 'address of an OpenAI-compatible endpoint with /audio/speech, e.g. https://api.openai.com/v1',
    apiKey: 'the key that server expects (Tencent: SecretId:SecretKey)',
    model: 'the speech model, e.g. tts-1 (Tencent: the default VoiceType number)',
    docs: 'Details: docs/speech-synthesis.md and docs/operations.md, “AI providers”.',
  },
  how: {
    title: 'How does a computer speak?',
    step1: 'Text',
    step2: 'Phonemes',
    step3: 'Sound',
    textWhat: 'It starts with the letters or characters you typed.',
    phonemeWhat:
      'First the computer works out how to say each word, using a dictionary and pronunciation rules. It writes the answer as phonemes: a phoneme is one of the small sounds a language is built from, like the “m” and “a” in “mama”.',
    phonemesOf: 'The built-in voice’s phonemes for your text:',
    phonemesNone: 'Press Speak with a school-server voice to see its phonemes here.',
    legendZh:
      'Chinese: each group is one syllable; the numbers are its tone, as pitch from 1 (low) to 5 (high): 55 = first tone (high and flat), 35 = second (rising), 214 = third (down and up), 51 = fourth (falling). _| is a short pause.',
    legendEn:
      'English: letters and symbols stand for sounds (@ is the “uh” in “about”), and ’ comes before the syllable you say strongest. _ is a pause.',
    soundWhat:
      'Then it makes the sound, phoneme by phoneme, with the speed and pitch you chose. Here is what came out:',
    soundNone: 'Press Speak with a school-server or cloud voice to see the sound here.',
    robotTitle: 'Why does the built-in voice sound like a robot?',
    robot:
      'eSpeak NG builds every sound from rules (this is called formant synthesis): it knows which frequencies make an “a” or an “s” and mixes them, with no recordings of real people. That makes it small and fast, and it can speak many languages — but it sounds robotic.',
    neural:
      'Cloud voices, and the best voices built into Windows and macOS, are neural networks trained on many hours of recordings of real speakers: they learned what a human voice sounds like, so they sound natural.',
    credit:
      'The built-in voice is eSpeak NG (version 1.52), free software under the GNU General Public License, version 3 or later.',
    licence: 'Licence notice',
  },
};

const zhCN: typeof en = {
  tip: '输入一句中文或英文，选一个声音，按“朗读”：电脑会把文字变成语音。下面还能看到它是怎么做到的。',
  text: {
    title: '1. 想让电脑说什么？',
    label: '要朗读的文字',
    placeholder: '在这里输入或粘贴中文、英文…',
    counter: '{{count}} / {{max}} 字',
    tooLong: '太长了：最多 {{max}} 个字符。请删掉 {{extra}} 个字符再试。',
    empty: '请先输入要让电脑说的话。',
    samples: '试试例句：',
    sample: {
      zhHello: '你好！我是一台会说话的电脑。',
      zhPoem: '春眠不觉晓，处处闻啼鸟。',
      enHello: 'Hello! I am a computer, and I can talk.',
      enFox: 'The quick brown fox jumps over the lazy dog.',
    },
    mismatchZh: '这段文字看起来是中文，但这个声音说英语：请选一个中文声音才能读对。',
    mismatchEn: '这段文字看起来是英文，但这个声音说中文：请选一个英文声音才能读对。',
  },
  voice: {
    title: '2. 选一个声音',
    label: '声音',
    groups: {
      browser: '这台电脑自带的声音（在浏览器里运行）',
      espeak: '学校服务器内置的声音（eSpeak NG）',
      cloud: '云端 AI 声音（学校的 AI 服务）',
    },
    engines: {
      browser: '由这台电脑的操作系统在本机合成，不会发送到任何地方。',
      espeak: '由学校服务器上的免费语音程序 eSpeak NG 合成，不需要互联网。',
      cloud: '由学校 AI 服务商的神经网络合成：你的文字会发送过去，需要消耗积分。',
    },
    tags: { browser: '本机', espeak: '学校服务器', cloud: '云端 AI' },
    espeakNames: {
      cmn: '普通话',
      'en-us': '英语（美式）',
      'en-gb': '英语（英式）',
    },
    cloudName: '云端声音',
    browserNone:
      '这个浏览器没有可以离线使用的自带声音。中文版 Windows 和 macOS 通常自带很好的中文声音：可以在那样的电脑上打开本页试试。',
    browserUnsupported: '这个浏览器不能自己朗读。',
    cloudMissing: '学校的服务器还没有开通云端声音。',
  },
  controls: {
    title: '3. 朗读',
    speed: '语速',
    pitch: '音调',
    slow: '慢',
    fast: '快',
    low: '低',
    high: '高',
    normal: '正常',
    speak: '朗读',
    speaking: '正在合成声音…',
    cloudSpeak: '用云端声音朗读',
    stop: '停止',
    download: '下载 WAV',
    browserNoDownload:
      '这台电脑自带的声音会直接从扬声器播放，浏览器无法把它保存成文件。想下载声音，请选择学校服务器或云端的声音。',
    chargeRule: '只有声音成功返回才扣积分；同样的文字再按一次“朗读”会免费重播。',
    cloudDone: '云端声音已合成。消耗 {{cost}}。',
    cloudReplay: '文字和上次一样：直接重播，不扣积分。',
    seconds: '声音长 {{seconds}} 秒',
  },
  errors: {
    engine: '内置语音引擎没有响应。请稍等片刻，再按一次“朗读”。（{{message}}）',
    input: '{{message}}',
    credits: '积分不足：云端声音需要 {{cost}}。可以参加活动获取积分，或问问你的老师。',
    limit: '请求太频繁：请等一分钟再试。（{{message}}）',
    denied: '你的账号还没有开通这个实验。请联系老师或管理员。',
    session: '登录已过期，请重新登录。',
    busy: '这段文字还在合成中，请稍等片刻再试。',
    provider: '云端声音合成失败，没有扣除积分。（{{message}}）',
    network: '声音返回之前连接中断了：{{message}}',
    generic: '没能合成声音：{{message}}',
    browser: '这台电脑的声音没能朗读：{{message}}',
    retry: '再试一次',
  },
  notConfigured: {
    title: '学校的服务器还没有开通云端声音',
    text: '请告诉你的老师：学校的管理员可以开通它。没有它，上面的声音也能照常使用。',
    adminText:
      '还没有配置语音合成服务，因此不提供云端声音，也不会扣除任何积分。请在管理后台的“AI 服务”页配置兼容 OpenAI 的 /audio/speech 接口或腾讯云语音合成，或在服务器环境中设置：',
    vendor: '“openai”（任何兼容 OpenAI 的 /audio/speech 接口）或“tencent”（腾讯云语音合成）',
    baseUrl: '带 /audio/speech 的兼容 OpenAI 接口地址，例如 https://api.openai.com/v1',
    apiKey: '该服务要求的密钥（腾讯云填 SecretId:SecretKey）',
    model: '语音合成模型，例如 tts-1（腾讯云：默认的 VoiceType 编号）',
    docs: '详见 docs/speech-synthesis.md 和 docs/operations.md 的“AI providers”一节。',
  },
  how: {
    title: '电脑是怎么说话的？',
    step1: '文字',
    step2: '音素',
    step3: '声音',
    textWhat: '一切从你输入的文字开始。',
    phonemeWhat:
      '电脑先查词典、用发音规则，弄清每个字词该怎么读，再把结果写成音素：音素就是一种语言里最小的声音单位，比如“妈妈”里的 m 和 a。',
    phonemesOf: '内置声音为你的文字写出的音素：',
    phonemesNone: '选一个学校服务器的声音按“朗读”，这里就会显示它的音素。',
    legendZh:
      '中文：每一组是一个音节；数字是声调，用 1（低）到 5（高）表示音高：55 是一声（高而平），35 是二声（上升），214 是三声（先降后升），51 是四声（下降）。_| 表示短暂停顿。',
    legendEn: '英文：字母和符号代表声音（@ 是 about 里“呃”的音），’ 放在读得最重的音节前面。_ 表示停顿。',
    soundWhat: '然后它按你选的语速和音调，一个音素接一个音素地合成声音。这就是合成出来的声音：',
    soundNone: '选一个学校服务器或云端的声音按“朗读”，这里就会显示声音。',
    robotTitle: '为什么内置的声音听起来像机器人？',
    robot:
      'eSpeak NG 按规则一点一点“造”出每个声音（这叫共振峰合成）：它知道哪些频率组合起来像“a”、像“s”，再把它们混合起来，完全不用真人录音。所以它又小又快，还会说很多种语言——但听起来像机器人。',
    neural:
      '云端声音，以及 Windows 和 macOS 里最好的自带声音，都是用大量真人录音训练出来的神经网络：它们学会了人声的样子，所以听起来很自然。',
    credit: '内置声音使用 eSpeak NG（1.52 版），它是按 GNU 通用公共许可证第 3 版或更高版本发布的自由软件。',
    licence: '许可证声明',
  },
};

export const texts = { en, 'zh-CN': zhCN };
