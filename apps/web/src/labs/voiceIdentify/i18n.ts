/** The speech recognition lab's texts (namespace `lab-voiceIdentify`), zh-CN first on the page, en too. */

const en = {
  tip: 'Record yourself or upload speech, then let an AI turn it into text.',
  intro:
    'Speech recognition turns sound into words. Record up to 60 seconds (or upload a file), look at the sound, then choose how to recognise it.',
  recordTitle: '1 · Your speech',
  noClip: 'Nothing recorded yet: hold the button and speak, or upload an audio file.',
  clipInfo: '{{seconds}} seconds of sound',
  tabs: {
    cloud: 'Full speech recognition (cloud)',
    offline: 'Command words your class taught (offline)',
  },
  cloud: {
    intro:
      'A very large AI model, run by the school’s speech provider, has listened to many thousands of hours of people talking. It cuts your recording into tiny slices, guesses the sounds in each slice, and picks the words and sentences that fit those sounds best.',
    privacy:
      'This sends your recording to the school’s speech provider. Nothing leaves your browser unless you press the button.',
    language: 'Language',
    zh: 'Chinese',
    en: 'English',
    button: 'Recognise',
    cancel: 'Cancel',
    chargeRule: 'Charged only when text comes back; a failure or a silent recording costs nothing.',
    needClip: 'Record or upload some speech first.',
    waiting: 'Your recording is queued at the speech provider…',
    doing: 'The speech provider is listening to your recording…',
    sending: 'Sending your recording…',
    cancelled: 'Stopped. If the provider was still working, the credits come back by themselves.',
    done: 'Recognised. {{cost}} spent.',
    replay: 'This recording was already recognised: the same text again, not charged.',
    empty: 'The provider heard no words in this recording. Nothing was charged.',
    failed: 'Recognition failed: {{message}} Your credits were given back.',
    resultTitle: 'What the AI heard',
    sentences: 'Sentences and their times',
    words: 'Words and their times',
    timesHint: 'The coloured marks under the sound show where each piece was heard.',
    errors: {
      credits:
        'Not enough credits: one recognition needs {{cost}}. Earn credits in events or ask your teacher.',
      limit: 'Too many requests: {{message}}',
      denied: 'Cloud speech recognition is not open for your account. Ask your school or administrator.',
      session: 'Your session has ended. Please log in again.',
      busy: 'This recording is still being recognised. Wait a moment, then try again.',
      provider: '{{message}}',
      network: 'The connection broke before the text came: {{message}}',
      generic: 'The recording could not be recognised: {{message}}',
    },
    notConfigured: {
      title: 'Speech recognition is not set up on this school’s server yet',
      text: 'Ask your teacher: the school’s administrator can switch it on. The command words your class taught (the other tab) work without it.',
      adminText:
        'No speech provider is configured, so recordings cannot be sent and no credits are charged. Set one of these in the server environment and restart (docs/speech-recognition.md):',
      vendor:
        '“openai” for any OpenAI-compatible /audio/transcriptions server (also a school’s own), or “tencent” for Tencent Cloud ASR',
      baseUrl:
        'OpenAI-compatible: the server’s address, e.g. https://api.openai.com/v1 (Tencent: leave empty)',
      apiKey: 'the key; for Tencent Cloud write SecretId:SecretKey',
      model: 'OpenAI-compatible: the model (default whisper-1); Tencent: the Chinese engine (default 16k_zh)',
      docs: 'Details: docs/speech-recognition.md.',
    },
  },
  offline: {
    intro:
      'Your class can teach the computer a few command words in the “train a sound classifier” lab. Open that project or exported model here, and the words are recognised live from the microphone, right in this browser: no server, no credits.',
    difference:
      'Recognising a few taught words is a different job from full speech recognition. The classifier only chooses between the handful of sounds it was shown (say “yes”, “no”, “stop” and background noise), one second at a time. Full recognition must tell apart every word of a language in any order, so it needs a model trained on thousands of hours of speech. No such model for Chinese can be installed on this offline server (no npm or Debian package ships one), and the browser’s own speech recognition would send your voice to the browser maker’s servers, so it is not used here.',
    open: 'Open a project or model file',
    loading: 'Reading the file…',
    loaded: 'Loaded: {{count}} sounds ({{labels}}), {{kind}} model.',
    kindFast: 'fast',
    kindCnn: 'neural network',
    start: 'Start listening',
    stop: 'Stop listening',
    heard: 'Heard',
    confidence: 'How sure the model is about each word',
    needModel: 'Open a file from the “train a sound classifier” lab first.',
    micProblem: 'The microphone could not be opened: {{message}}',
    fileProblem: 'This file cannot be used: {{message}}',
  },
};

const zhCN: typeof en = {
  tip: '录下你的声音或上传一段语音，让 AI 把它变成文字。',
  intro: '语音识别就是把声音变成文字。录最多 60 秒（或上传文件），看看声音的样子，再选择用哪种方式识别。',
  recordTitle: '1 · 你的语音',
  noClip: '还没有录音：按住按钮说话，或上传一个音频文件。',
  clipInfo: '{{seconds}} 秒的声音',
  tabs: {
    cloud: '完整语音识别（云端）',
    offline: '全班教过的口令词（离线）',
  },
  cloud: {
    intro:
      '学校的语音服务运行着一个非常大的 AI 模型，它听过成千上万小时的人说话。它把你的录音切成很小的片段，猜出每一片里的声音，再挑出最符合这些声音的字词和句子。',
    privacy: '这会把你的录音发送给学校的语音服务。只有按下按钮，录音才会离开你的浏览器。',
    language: '语言',
    zh: '中文',
    en: '英文',
    button: '识别',
    cancel: '取消',
    chargeRule: '只有识别出文字才扣积分；失败或录音里没有说话都不扣。',
    needClip: '请先录音或上传一段语音。',
    waiting: '你的录音正在语音服务那里排队…',
    doing: '语音服务正在听你的录音…',
    sending: '正在发送录音…',
    cancelled: '已停止。如果服务还在处理，积分会自动退回。',
    done: '识别完成，消耗 {{cost}}。',
    replay: '这段录音已经识别过：这是同样的文字，不再扣积分。',
    empty: '语音服务在这段录音里没有听到说话，没有扣除积分。',
    failed: '识别失败：{{message}} 积分已退回。',
    resultTitle: 'AI 听到的内容',
    sentences: '句子和时间',
    words: '词语和时间',
    timesHint: '声音下方的彩色标记表示每一段是在什么时候听到的。',
    errors: {
      credits: '积分不足：识别一次需要 {{cost}}。可以参加活动获取积分，或问问你的老师。',
      limit: '请求太频繁：{{message}}',
      denied: '你的账号还没有开通云端语音识别。请联系学校或管理员。',
      session: '登录已过期，请重新登录。',
      busy: '这段录音还在识别中，请稍等片刻再试。',
      provider: '{{message}}',
      network: '文字返回之前连接中断了：{{message}}',
      generic: '录音没能识别：{{message}}',
    },
    notConfigured: {
      title: '学校的服务器还没有开通语音识别',
      text: '请告诉你的老师：学校的管理员可以开通它。没有它，“全班教过的口令词”（另一个标签页）也能照常使用。',
      adminText:
        '还没有配置语音识别服务，因此录音无法发送，也不会扣除任何积分。请在服务器环境中设置以下各项并重启（详见 docs/speech-recognition.md）：',
      vendor:
        '“openai” 表示任何兼容 OpenAI /audio/transcriptions 的服务（包括学校自建的），“tencent” 表示腾讯云语音识别',
      baseUrl: '兼容 OpenAI 的服务地址，例如 https://api.openai.com/v1（腾讯云留空）',
      apiKey: '密钥；腾讯云请写成 SecretId:SecretKey',
      model: '兼容 OpenAI：模型名（默认 whisper-1）；腾讯云：中文引擎（默认 16k_zh）',
      docs: '详见 docs/speech-recognition.md。',
    },
  },
  offline: {
    intro:
      '你们班可以在“训练声音分类器”实验里教电脑认几个口令词。在这里打开那个项目或导出的模型，就能直接在浏览器里实时识别麦克风里的这些词：不用服务器，也不扣积分。',
    difference:
      '认出几个教过的词，和完整的语音识别是两件不同的事。分类器每次只听一秒，只在它学过的几种声音里选一个（比如“是”“不是”“停”和背景噪音）。完整的语音识别要分清一种语言里的所有词、按任意顺序说出来，所以需要一个用成千上万小时语音训练出来的大模型。这台离线服务器上装不了这样的中文模型（没有任何 npm 或 Debian 软件包提供），而浏览器自带的语音识别会把你的声音发到浏览器厂商的服务器，所以这里不用它。',
    open: '打开项目或模型文件',
    loading: '正在读取文件…',
    loaded: '已加载：{{count}} 种声音（{{labels}}），{{kind}}模型。',
    kindFast: '快速',
    kindCnn: '神经网络',
    start: '开始听',
    stop: '停止听',
    heard: '听到了',
    confidence: '模型对每个词有多确定',
    needModel: '请先打开“训练声音分类器”实验保存的文件。',
    micProblem: '无法打开麦克风：{{message}}',
    fileProblem: '这个文件不能用：{{message}}',
  },
};

export const texts = { en, 'zh-CN': zhCN };
