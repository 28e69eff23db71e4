/**
 * The cloud AI blocks' texts (Blockly `Msg` keys, set beside Blockly's catalogue for the UI language, like
 * stage-block-texts.ts) and what the blocks say when the AI cannot answer. The price on each block comes from
 * the contract's CREDIT_COSTS, the table the labs and the server charge by.
 */
import { CREDIT_COSTS, type Language } from '@ai-edu/contract';
import type { AiProblemKind } from '../../../lib/ai-problem.ts';

/** The lab each cloud block stands for: its endpoint, its price, its permission and its page. */
export const CLOUD_BLOCK_LABS = {
  ai_ask: 'aiChat',
  ai_paint_costume: 'textToImage',
  // "the cloud AI can answer": whether `ai_ask` would get an answer, so a program can choose its offline way.
  ai_cloud_ready: 'aiChat',
} as const;
export type CloudBlockType = keyof typeof CLOUD_BLOCK_LABS;
export type CloudLab = (typeof CLOUD_BLOCK_LABS)[CloudBlockType];

/** The host functions the blocks' code calls (blocks/cloud-host.ts). */
export const CLOUD_FUNCTIONS = { ask: 'aiAsk', paint: 'aiPaintCostume', ready: 'aiCloudReady' } as const;

/** "how does this work?": each block's help opens its lab on our own origin. */
export const cloudHelpUrl = (lab: CloudLab): string => `/ailab/${lab}`;

/** The price of one use of `lab`, as a block shows it: "1 credit", "10 积分". */
export function costText(language: Language, cost: number): string {
  return language === 'en' ? `${cost} ${cost === 1 ? 'credit' : 'credits'}` : `${cost} 积分`;
}

/** The blocks' `Msg` texts in `language`, with each block's price taken from the contract. */
export function cloudBlockTexts(language: Language): Record<string, string> {
  const ask = costText(language, CREDIT_COSTS[CLOUD_BLOCK_LABS.ai_ask]);
  const paint = costText(language, CREDIT_COSTS[CLOUD_BLOCK_LABS.ai_paint_costume]);
  return language === 'en'
    ? {
        MAKE_AI_ASK: `ask the AI %1 (${ask})`,
        MAKE_AI_ASK_TOOLTIP: `Sends the question to the cloud AI (like the AI Q&A lab) and gives its answer. Costs ${ask}, only when it answers.`,
        MAKE_AI_PAINT: `paint a costume %1 (${paint})`,
        MAKE_AI_PAINT_TOOLTIP: `The cloud AI paints the picture you describe (like the AI painting lab) and the sprite wears it. Costs ${paint}, only when the picture arrives.`,
        MAKE_AI_CLOUD_READY: 'the cloud AI can answer',
        MAKE_AI_CLOUD_READY_TOOLTIP:
          'True when this server has its cloud AI set up and no question of this run was refused (credits, a lesson lock…): use it to choose your own answers when the AI cannot help. Free.',
      }
    : {
        MAKE_AI_ASK: `问 AI %1（${ask}）`,
        MAKE_AI_ASK_TOOLTIP: `把问题发给云端 AI（和“AI 问答”实验一样），得到它的回答。每次回答花费 ${ask}，没有回答不扣积分。`,
        MAKE_AI_PAINT: `画一个造型 %1（${paint}）`,
        MAKE_AI_PAINT_TOOLTIP: `云端 AI 按你的描述画一幅画（和“AI 绘画”实验一样），角色换上这幅画。画成功才花费 ${paint}。`,
        MAKE_AI_CLOUD_READY: '云端 AI 能回答',
        MAKE_AI_CLOUD_READY_TOOLTIP:
          '这台服务器设置好了云端 AI，而且这次运行里没有问题被拒绝（积分不够、课堂锁定……）时为“真”：AI 帮不上忙时，用它改用你自己的答案。不花积分。',
      };
}

/** Why a cloud block got no answer, in the student's words (the server's message, translated, fills in). */
const PROBLEM_TEXTS: Record<Language, Record<AiProblemKind, string>> = {
  en: {
    notConfigured: 'The cloud AI is not set up on this server yet: ask your teacher.',
    credits: 'Not enough credits for the AI ({{cost}} each time): {{message}}.',
    limit: 'The AI needs a short break: {{message}}.',
    denied: 'The AI cannot be used here right now: {{message}}.',
    session: 'Please sign in again to use the AI.',
    busy: 'The AI is still busy with the last request: try again in a moment.',
    provider: 'The AI service did not answer; no credits were charged.',
    network: 'The AI could not be reached: check the network.',
    generic: 'The AI could not answer: {{message}}.',
  },
  'zh-CN': {
    notConfigured: '这台服务器还没有设置云端 AI：请问问老师。',
    credits: '积分不够用 AI（每次 {{cost}}）：{{message}}。',
    limit: 'AI 需要休息一下：{{message}}。',
    denied: '现在这里不能用 AI：{{message}}。',
    session: '请重新登录后再用 AI。',
    busy: 'AI 还在处理上一个请求：请稍后再试。',
    provider: 'AI 服务没有回答，没有扣积分。',
    network: '连不上 AI：请检查网络。',
    generic: 'AI 没能回答：{{message}}。',
  },
};

/**
 * The sentence a cloud block gives instead of an answer: the ask block's answer, or the line the paint block
 * prints. A provider that is not set up never shows server settings, only "ask your teacher".
 */
export function cloudProblemText(
  problem: { kind: AiProblemKind; message: string },
  language: Language,
  lab: CloudLab,
): string {
  const message = problem.message.trim().replace(/[.。]$/, '') || '—';
  return PROBLEM_TEXTS[language][problem.kind]
    .replace('{{cost}}', costText(language, CREDIT_COSTS[lab]))
    .replace('{{message}}', message);
}
