/** The cloud AI blocks' host functions with fake calls, run through the real runner (no network, no Blockly). */
import { describe, expect, it } from 'vitest';
import { CREDIT_COSTS, type Language } from '@ai-edu/contract';
import { runProgram, type RunOutcome } from '../runtime/program-runner.ts';
import { SpriteWorld } from '../runtime/sprite-world.ts';
import { cloudBlockTexts, cloudHelpUrl, cloudProblemText, costText } from './cloud-block-texts.ts';
import { CloudProblemError, cloudHostFunctions, type CloudStage } from './cloud-host.ts';

const LESSON_LOCK = 'your teacher has opened other labs for this lesson; this one is locked until it ends';

/** Runs `code` with the cloud host functions over `calls`; resolves with what it printed and how it ended. */
function run(code: string, calls: Partial<CloudStage>, language: Language = 'en') {
  const printed: string[] = [];
  const world = new SpriteWorld();
  const stage: CloudStage = {
    language,
    print: (line) => printed.push(line),
    world,
    chat: () => Promise.reject(new Error('chat not expected')),
    paintCostume: () => Promise.reject(new Error('paint not expected')),
    chatConfigured: () => Promise.resolve(true),
    ...calls,
  };
  return new Promise<{ printed: string[]; world: SpriteWorld; outcome: RunOutcome }>((resolve) => {
    runProgram(code, {
      host: { alert: (value) => void printed.push(String(value)) },
      asyncHost: cloudHostFunctions(stage),
      onFinish: (outcome) => resolve({ printed, world, outcome }),
    });
  });
}

describe('ask the AI (aiAsk)', () => {
  it('answers with the AI’s whole reply', async () => {
    const asked: string[] = [];
    const result = await run("window.alert(aiAsk('Why is the sky blue?'));\nwindow.alert('after');", {
      chat: (question) => {
        asked.push(question);
        return Promise.resolve('Because of Rayleigh scattering.');
      },
    });
    expect(asked).toEqual(['Why is the sky blue?']);
    expect(result.printed).toEqual(['Because of Rayleigh scattering.', 'after']);
    expect(result.outcome).toEqual({ kind: 'done' });
  });

  it('answers a kind explanation when the lesson locks the lab, and the program goes on', async () => {
    const result = await run("window.alert(aiAsk('hi'));\nwindow.alert('after');", {
      chat: () => Promise.reject(new CloudProblemError({ kind: 'denied', message: LESSON_LOCK })),
    });
    expect(result.printed).toEqual([`The AI cannot be used here right now: ${LESSON_LOCK}.`, 'after']);
    expect(result.outcome).toEqual({ kind: 'done' });
  });

  it('says the cloud AI is not set up (ask your teacher), in Chinese too, never the server settings', async () => {
    const refused = () =>
      Promise.reject(new CloudProblemError({ kind: 'notConfigured', message: 'AI_CHAT_BASE_URL unset' }));
    const en = await run("window.alert(aiAsk('hi'));", { chat: refused });
    expect(en.printed).toEqual(['The cloud AI is not set up on this server yet: ask your teacher.']);
    const zh = await run("window.alert(aiAsk('你好'));", { chat: refused }, 'zh-CN');
    expect(zh.printed).toEqual(['这台服务器还没有设置云端 AI：请问问老师。']);
    expect(`${en.printed[0]}${zh.printed[0]}`).not.toMatch(/AI_CHAT|URL/);
  });

  it('explains missing credits with the price, and a broken connection as the network’s', async () => {
    const credits = await run("window.alert(aiAsk('hi'));", {
      chat: () => Promise.reject(new CloudProblemError({ kind: 'credits', message: 'not enough credits' })),
    });
    expect(credits.printed).toEqual([
      'Not enough credits for the AI (1 credit each time): not enough credits.',
    ]);
    const network = await run("window.alert(aiAsk('hi'));", {
      chat: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(network.printed).toEqual(['The AI could not be reached: check the network.']);
  });

  it('asks nothing (and costs nothing) for an empty question', async () => {
    let calls = 0;
    const result = await run("window.alert('[' + aiAsk('  ') + ']');", {
      chat: () => {
        calls++;
        return Promise.resolve('x');
      },
    });
    expect(calls).toBe(0);
    expect(result.printed).toEqual(['[]']);
  });
});

describe('paint a costume (aiPaintCostume)', () => {
  it('dresses the sprite in the painted picture', async () => {
    const result = await run("aiPaintCostume('a cat astronaut');\nwindow.alert('after');", {
      paintCostume: (prompt) => Promise.resolve(prompt === 'a cat astronaut' ? 'image:1' : 'robot'),
    });
    expect(result.world.sprite.costume).toBe('image:1');
    expect(result.printed).toEqual(['after']);
  });

  it('keeps the costume and prints why when the painting fails (refunded), and the program goes on', async () => {
    const result = await run("aiPaintCostume('a cat');\nwindow.alert('after');", {
      paintCostume: () =>
        Promise.reject(new CloudProblemError({ kind: 'provider', message: 'the AI service did not answer' })),
    });
    expect(result.world.sprite.costume).toBe('robot');
    expect(result.printed).toEqual(['The AI service did not answer; no credits were charged.', 'after']);
    expect(result.outcome).toEqual({ kind: 'done' });
  });
});

describe('the cloud AI can answer (aiCloudReady)', () => {
  it('is true when the server has its chat set up, asking the server once per run', async () => {
    let asked = 0;
    const chatConfigured = () => {
      asked++;
      return Promise.resolve(true);
    };
    const result = await run('window.alert(aiCloudReady());\nwindow.alert(aiCloudReady());', {
      chatConfigured,
    });
    expect(result.printed).toEqual(['true', 'true']);
    expect(asked).toBe(1);
  });

  it('is false when the chat is not set up, or the status cannot be read', async () => {
    const off = await run('window.alert(aiCloudReady());', { chatConfigured: () => Promise.resolve(false) });
    expect(off.printed).toEqual(['false']);
    const lost = await run('window.alert(aiCloudReady());', {
      chatConfigured: () => Promise.reject(new Error('offline')),
    });
    expect(lost.printed).toEqual(['false']);
    expect(lost.outcome).toEqual({ kind: 'done' });
  });

  it('turns false once a question of the run was refused, so the program can use its own answers', async () => {
    const result = await run(
      "window.alert(aiCloudReady());\nwindow.alert(aiAsk('hi'));\nwindow.alert(aiCloudReady());",
      {
        chat: () => Promise.reject(new CloudProblemError({ kind: 'credits', message: 'not enough credits' })),
      },
    );
    expect(result.printed[0]).toBe('true');
    expect(result.printed[1]).toContain('Not enough credits');
    expect(result.printed[2]).toBe('false');
  });
});

describe('cloud block texts', () => {
  const slots = (text: string) => [...text.matchAll(/%(\d)/g)].map((m) => m[1]).sort();

  it('show each block’s price from the contract, in both languages with the same keys and slots', () => {
    const en = cloudBlockTexts('en');
    const zh = cloudBlockTexts('zh-CN');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(key).toMatch(/^MAKE_AI_[A-Z_]+$/);
      expect(slots(zh[key] ?? ''), key).toEqual(slots(text));
    }
    expect(en.MAKE_AI_ASK).toBe(`ask the AI %1 (${costText('en', CREDIT_COSTS.aiChat)})`);
    expect(en.MAKE_AI_PAINT).toContain(`(${CREDIT_COSTS.textToImage} credits)`);
    expect(zh.MAKE_AI_PAINT).toContain(`${CREDIT_COSTS.textToImage} 积分`);
    expect(costText('en', 1)).toBe('1 credit');
    expect(costText('en', 10)).toBe('10 credits');
  });

  it('say every problem kind in both languages, and link each block’s lab on our origin', () => {
    const kinds = [
      'notConfigured',
      'credits',
      'limit',
      'denied',
      'session',
      'busy',
      'provider',
      'network',
      'generic',
    ];
    for (const language of ['en', 'zh-CN'] as const)
      for (const kind of kinds) {
        const text = cloudProblemText({ kind: kind as 'generic', message: 'why' }, language, 'aiChat');
        expect(text, `${language} ${kind}`).not.toMatch(/\{\{|undefined/);
      }
    expect(cloudHelpUrl('aiChat')).toBe('/ailab/aiChat');
    expect(cloudHelpUrl('textToImage')).toBe('/ailab/textToImage');
  });
});
