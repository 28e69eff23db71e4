/** Texts of the AI painting lab (namespace `lab-textToImage`); title and description stay shared. */
import { painterEn, painterZhCN } from './painter/i18n.ts';

const en = {
  tip: 'Describe a picture in words, pick a style and a size, and the AI paints it. Each painting costs {{cost}}, charged only when the picture arrives.',
  prompt: {
    label: 'What should the picture show?',
    placeholder: 'e.g. A red panda reading a book under a cherry tree, soft morning light',
    examples: 'Ideas',
    example1: 'A lighthouse on a cliff at sunset, seagulls in the sky',
    example2: 'A cute robot watering plants in a greenhouse',
    example3: 'A bamboo forest with mist and a small wooden bridge',
  },
  style: {
    label: 'Style',
    none: 'No style',
    watercolor: 'Watercolor',
    ink: 'Ink wash',
    cartoon: 'Cartoon',
    photo: 'Photo',
    pixel: 'Pixel art',
    oil: 'Oil painting',
    // Paintings made from a sketch in writingPredict (the server files them with style 'sketch').
    sketch: 'From a sketch',
    // Pictures the tiny painter made in the browser (the server files them with style 'tinyPainter').
    tinyPainter: 'Tiny painter',
  },
  size: {
    label: 'Size',
    square: 'Square',
    portrait: 'Portrait',
    landscape: 'Landscape',
    small: 'Small',
  },
  paint: 'Paint',
  painting: 'Painting…',
  chargeRule: 'Charged only when the picture arrives; a failed or timed-out painting costs nothing.',
  progress: {
    title: 'The AI is painting your picture',
    elapsed: '{{seconds}} s',
    wait: 'This can take up to two minutes. Keep this page open; leaving it cancels the painting and costs nothing.',
  },
  canvas: {
    emptyTitle: 'Your painting appears here',
    emptyText: 'Write a description, choose a style and a size, then press Paint.',
  },
  result: {
    download: 'Download',
  },
  gallery: {
    title: 'My paintings',
    count: '{{count}} kept on the server',
    empty: 'No paintings yet. Everything you paint is kept here.',
    download: 'Download',
    delete: 'Delete',
    deleteConfirm: 'Delete this painting for good?',
    cancel: 'Cancel',
    deleted: 'Painting deleted',
    show: 'Show',
  },
  errors: {
    credits:
      'Not enough credits: a painting needs {{cost}}. Earn credits in events or ask your administrator.',
    limit: 'Too many requests: {{message}}',
    denied: 'This lab is not open for your account. Ask your school or administrator to open it.',
    session: 'Your session has ended. Please log in again.',
    busy: 'This painting is still being made. Wait a moment, then try again.',
    provider: '{{message}}',
    network: 'The connection broke before the picture came: {{message}}',
    generic: 'The painting could not be made: {{message}}',
    retry: 'Try again',
  },
  notConfigured: {
    title: 'AI painting is not set up on this school’s server yet',
    text: 'Ask your teacher: the school’s administrator can switch it on. Nothing was charged, and the other labs work as usual.',
    adminText:
      'No image provider is configured, so nothing can be painted and no credits are charged. Set one up in the admin console’s “AI providers” tab (it applies at once, no restart), or set these values in the server environment, which win over the console:',
    baseUrl:
      'address of an OpenAI-compatible images endpoint, e.g. https://api.openai.com/v1 or a school’s own server',
    apiKey: 'the key that server expects',
    model: 'the image model to use, e.g. dall-e-3',
    docs: 'Details: docs/operations.md, “AI providers”.',
  },
  painter: painterEn,
};

const zhCN: typeof en = {
  tip: '用文字描述一幅画，选好风格和尺寸，AI 就会把它画出来。每幅画消耗 {{cost}}，只有画作成功生成时才扣费。',
  prompt: {
    label: '画面里有什么？',
    placeholder: '例如：樱花树下看书的小熊猫，柔和的晨光',
    examples: '灵感',
    example1: '夕阳下悬崖上的灯塔，天空中飞着海鸥',
    example2: '在温室里给植物浇水的可爱机器人',
    example3: '云雾缭绕的竹林和一座小木桥',
  },
  style: {
    label: '风格',
    none: '无风格',
    watercolor: '水彩',
    ink: '水墨',
    cartoon: '卡通',
    photo: '写实照片',
    pixel: '像素',
    oil: '油画',
    sketch: '由简笔画生成',
    tinyPainter: '小画家',
  },
  size: {
    label: '尺寸',
    square: '方形',
    portrait: '竖幅',
    landscape: '横幅',
    small: '小图',
  },
  paint: '开始绘画',
  painting: '绘画中……',
  chargeRule: '只有画作成功生成时才扣费；失败或超时不扣积分。',
  progress: {
    title: 'AI 正在为你作画',
    elapsed: '{{seconds}} 秒',
    wait: '最长可能需要两分钟。请停留在本页；离开页面会取消绘画，且不扣积分。',
  },
  canvas: {
    emptyTitle: '你的画作会出现在这里',
    emptyText: '写下描述，选择风格和尺寸，然后点击“开始绘画”。',
  },
  result: {
    download: '下载',
  },
  gallery: {
    title: '我的画作',
    count: '服务器上保存了 {{count}} 幅',
    empty: '还没有画作。你画的每一幅都会保存在这里。',
    download: '下载',
    delete: '删除',
    deleteConfirm: '确定永久删除这幅画吗？',
    cancel: '取消',
    deleted: '画作已删除',
    show: '查看',
  },
  errors: {
    credits: '积分不足：每幅画需要 {{cost}}。可以参加活动获取积分，或联系管理员。',
    limit: '请求过于频繁：{{message}}',
    denied: '您的账号未开通此实验，请联系学校或管理员开通。',
    session: '登录已失效，请重新登录。',
    busy: '这幅画还在生成中，请稍候再试。',
    provider: '{{message}}',
    network: '还没收到画作，连接就中断了：{{message}}',
    generic: '画作未能生成：{{message}}',
    retry: '重试',
  },
  notConfigured: {
    title: '学校的服务器还没有开通 AI 绘画',
    text: '请告诉你的老师：学校的管理员可以开通它。这次没有扣除积分，其他实验都可以照常使用。',
    adminText:
      '还没有配置图像生成服务，因此暂时无法作画，也不会扣除任何积分。请在管理后台的“AI 服务”页配置（保存后立即生效，无需重启），或在服务器环境中设置以下各项（环境变量优先于后台设置）：',
    baseUrl: '兼容 OpenAI 图像接口的服务地址，例如 https://api.openai.com/v1 或学校自建的服务',
    apiKey: '该服务要求的密钥',
    model: '要使用的图像模型，例如 dall-e-3',
    docs: '详见 docs/operations.md 的“AI providers”一节。',
  },
  painter: painterZhCN,
};

export const texts = { en, 'zh-CN': zhCN };
