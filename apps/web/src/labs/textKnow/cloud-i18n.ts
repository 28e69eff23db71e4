/**
 * Texts of the text lab's cloud handwriting panel, in a namespace of their own (`lab-textKnow-cloud`) so
 * they never collide with the page's own texts (`textKnow/i18n.ts`, namespace `lab-textKnow`).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import type { LabResources, LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  title: 'Messy handwriting? Ask the cloud AI',
  intro:
    'The reader above works inside your browser. A much bigger AI model, run by the school’s AI provider, has learned from millions of pages of handwriting: it looks at your whole photo at once, guesses each word from the words around it, and writes down what it reads.',
  privacy:
    'This sends your photo to the school’s cloud AI provider. Nothing leaves your browser unless you press this button.',
  button: 'Read with cloud AI',
  reading: 'Reading…',
  chargeRule: 'Charged only when text comes back; a failure or an empty photo costs nothing.',
  noPhoto: 'Take or choose a photo first, then press the button.',
  done: 'The cloud AI read {{count}} characters and put them in the text box. {{cost}} spent.',
  replay: 'The cloud AI already read this photo: here is the same text again, not charged.',
  empty: 'The cloud AI found no readable text in this photo. Nothing was charged.',
  errors: {
    credits:
      'Not enough credits: reading a photo needs {{cost}}. Earn credits in events or ask your teacher.',
    limit: 'Too many requests: {{message}}',
    denied: 'The cloud reader is not open for your account. Ask your school or administrator to open it.',
    session: 'Your session has ended. Please log in again.',
    busy: 'This photo is still being read. Wait a moment, then try again.',
    provider: '{{message}}',
    network: 'The connection broke before the text came: {{message}}',
    generic: 'The photo could not be read: {{message}}',
    tooLarge: 'This photo is larger than 20 MB. Crop it or take it again, then try once more.',
    retry: 'Try again',
  },
  notConfigured: {
    title: 'The cloud handwriting reader is not set up on this school’s server',
    text: 'Ask your teacher: the school’s administrator can switch it on. The reader above still works without it, right in your browser.',
    adminText:
      'No vision provider is configured, so photos cannot be sent and no credits are charged. Set up an OpenAI-compatible model that reads photos in the admin console’s “AI providers” tab (it applies at once, no restart), or set these values in the server environment, which win over the console:',
    baseUrl:
      'address of an OpenAI-compatible chat endpoint whose model reads images, e.g. https://api.openai.com/v1 or a school’s own Ollama (http://host:11434/v1)',
    apiKey: 'the key that server expects (a local Ollama needs none)',
    model: 'a model that reads photos, e.g. gpt-4o-mini (the default) or qwen2.5vl',
    docs: 'Details: docs/operations.md, “AI providers”.',
  },
};

const zhCN: typeof en = {
  title: '字迹太潦草？试试云端 AI',
  intro:
    '上面的识别器在你的浏览器里运行。学校的 AI 服务提供的大模型学习过数百万页手写文字：它会一次看完整张照片，根据上下文猜出每个字，再把读到的内容写下来。',
  privacy: '这会把你的照片发送给学校的云端 AI 服务。只有按下这个按钮，照片才会离开你的浏览器。',
  button: '用云端 AI 识别',
  reading: '识别中…',
  chargeRule: '只有识别出文字才扣积分；失败或照片里没有文字都不扣。',
  noPhoto: '请先拍照或选择一张照片，再按按钮。',
  done: '云端 AI 识别出 {{count}} 个字符，已放入文本框。消耗 {{cost}}。',
  replay: '云端 AI 已经识别过这张照片：这是同样的文字，不再扣积分。',
  empty: '云端 AI 在这张照片里没有找到可以识别的文字，没有扣除积分。',
  errors: {
    credits: '积分不足：识别一张照片需要 {{cost}}。可以参加活动获取积分，或问问你的老师。',
    limit: '请求太频繁：{{message}}',
    denied: '你的账号还没有开通云端识别。请联系学校或管理员开通。',
    session: '登录已过期，请重新登录。',
    busy: '这张照片还在识别中，请稍等片刻再试。',
    provider: '{{message}}',
    network: '文字返回之前连接中断了：{{message}}',
    generic: '照片没能识别：{{message}}',
    tooLarge: '这张照片超过 20 MB。请裁剪或重新拍摄后再试。',
    retry: '再试一次',
  },
  notConfigured: {
    title: '学校的服务器还没有开通云端手写识别',
    text: '请告诉你的老师：学校的管理员可以开通它。没有它，上面的识别器也能在你的浏览器里照常使用。',
    adminText:
      '还没有配置视觉模型服务，因此照片无法发送，也不会扣除任何积分。请在管理后台的“AI 服务”页配置一个能读图片、兼容 OpenAI 的模型（保存后立即生效，无需重启），或在服务器环境中设置以下各项（环境变量优先于后台设置）：',
    baseUrl:
      '兼容 OpenAI 对话接口、且模型能读图片的服务地址，例如 https://api.openai.com/v1 或学校自建的 Ollama（http://主机:11434/v1）',
    apiKey: '该服务要求的密钥（本地 Ollama 不需要）',
    model: '能读图片的模型，例如 gpt-4o-mini（默认）或 qwen2.5vl',
    docs: '详见 docs/operations.md 的“AI providers”一节。',
  },
};

export const cloudTexts: LabResources<typeof en> = { en, 'zh-CN': zhCN };

export const CLOUD_NAMESPACE = 'lab-textKnow-cloud';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** The panel's `t` (keys checked against the English texts) and the shared catalogue's `tApp`. */
export function useCloudTranslation() {
  for (const [lang, texts] of Object.entries(cloudTexts)) {
    if (!i18n.hasResourceBundle(lang, CLOUD_NAMESPACE))
      i18n.addResourceBundle(lang, CLOUD_NAMESPACE, texts, true, false);
  }
  const { t: tApp, i18n: instance } = useTranslation();
  const language = instance.language;
  const t = useCallback(
    (key: LabTextKey<typeof en>, options?: Record<string, unknown>): string =>
      (instance.t as unknown as LooseT)(key, { ...options, ns: CLOUD_NAMESPACE, lng: language }),
    [instance, language],
  );
  return { t, tApp, language };
}
