/**
 * The project "Use in a program" opens, per kind of model: it loads in the studio's Blockly and runs its blocks;
 * and the programs it offers for a model, in the UI language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import type { ProgramModel } from '../../../lib/program-models.ts';
import { Blockly, loadBlockTexts } from '../blocks/blockly-setup.ts';
import { programCode } from '../blocks/studio-blocks.ts';
import { modelStarters, modelStarterWorkspace } from './model-starter.ts';

beforeAll(async () => {
  // No DOM here: the shared instance set up directly; the namespace registers itself.
  await i18n.init({ lng: 'en', resources: {}, interpolation: { escapeValue: false } });
  await loadBlockTexts('en');
});

const model = (input: ProgramModel['input'], labels: string[]): ProgramModel => ({
  id: `${input}-1`,
  owner: 'u1',
  name: labels.join(' / '),
  input,
  extractor: 'x',
  labels,
  lab: 'lab',
  modelJson: '',
  weights: new ArrayBuffer(0),
  savedAt: '2026-01-01T00:00:00Z',
});

function codeOf(workspaceJson: object): string {
  const workspace = new Blockly.Workspace();
  try {
    Blockly.serialization.workspaces.load(workspaceJson, workspace);
    return programCode(workspace);
  } finally {
    workspace.dispose();
  }
}

describe('modelStarterWorkspace', () => {
  it('a sound model: one “when I hear” hat per word, each saying its word', () => {
    const code = codeOf(modelStarterWorkspace(model('sound', ['on', 'off'])));
    expect(code).toContain("spriteSay('Say: on / off');");
    expect(code).toContain("onEvent('hear:on', function () {");
    expect(code).toContain("onEvent('hear:off', function () {");
    expect(code).toContain("spriteSay('off');");
  });

  it('a text model: asks for a sentence and says the label the model gives it', () => {
    const code = codeOf(modelStarterWorkspace(model('text', ['Praise', 'Complaint'])));
    expect(code).toContain(
      "spriteSay(modelClassifyText('text-1', window.prompt('Type a sentence for Praise / Complaint')));",
    );
  });

  it('a camera model: the model hats, as before', () => {
    const code = codeOf(modelStarterWorkspace(model('image', ['Face', 'Screen'])));
    expect(code).toContain("onEvent('model:image-1:Face', function () {");
  });
});

const hands = (labels: string[], input: ProgramModel['input'] = 'image'): ProgramModel => ({
  ...model(input, labels),
  id: 'm',
  name: 'Hands',
});

describe('model starters', () => {
  it('offer rock, paper, scissors beside "say what it sees" for a model of three labels', () => {
    const offer = modelStarters(hands(['Rock', 'Paper', 'Scissors']));
    expect(offer.title).toBe('Start a program with “Hands”');
    expect(offer.choices.map((choice) => [choice.id, choice.name])).toEqual([
      ['say-labels', 'Say what it sees'],
      ['rock-paper-scissors', 'Rock, paper, scissors'],
    ]);
    const game = JSON.stringify(offer.choices[1]?.workspace);
    expect(game).toContain('Show me Rock / Paper / Scissors and press space to play!');
    expect(game).toContain('"model_label","extraState":{"model":{"id":"m","name":"Hands"');
  });

  it('offer only "say what it sees" for other label counts, and for models that hear or read', () => {
    expect(modelStarters(hands(['Face', 'Screen'])).choices.map((choice) => choice.id)).toEqual([
      'say-labels',
    ]);
    expect(modelStarters(hands(['A', 'B', 'C', 'D'])).choices).toHaveLength(1);
    // The game's blocks are the camera's: a sound or a text model of three labels cannot play it.
    expect(modelStarters(hands(['on', 'off', 'stop'], 'sound')).choices).toHaveLength(1);
    expect(modelStarters(hands(['a', 'b', 'c'], 'text')).choices).toHaveLength(1);
  });

  it('offer the robot’s sign reader to an image model with a label named like a stop sign', () => {
    expect(modelStarters(hands(['Road', 'Stop sign'])).choices.map((choice) => choice.id)).toEqual([
      'say-labels',
      'sign-reader',
    ]);
    // It shows the robot's camera view to the model: a keypoint model cannot look at it.
    expect(modelStarters(hands(['Go', 'Stop'], 'pose')).choices).toHaveLength(1);
  });

  it('give the sign reader the label named like a stop sign', () => {
    const reader = (labels: string[]) =>
      JSON.stringify(modelStarters(hands(labels)).choices.find((c) => c.id === 'sign-reader')?.workspace);
    expect(reader(['Road', 'Stop sign'])).toContain(
      '"B":{"block":{"type":"text","fields":{"TEXT":"Stop sign"}}}',
    );
    expect(reader(['Road', 'Stop sign'])).toContain(
      'I follow the road and stop when my camera sees “Stop sign”.',
    );
    expect(reader(['路', '停车'])).toContain('"TEXT":"停车"}}}');
  });

  it('speak Chinese when the UI does', async () => {
    await i18n.changeLanguage('zh-CN');
    const offer = modelStarters(hands(['石头', '布', '剪刀']));
    expect(offer.choices[1]?.name).toBe('石头剪刀布');
    expect(JSON.stringify(offer.choices[1]?.workspace)).toContain('给我看 石头 / 布 / 剪刀，按空格键开始！');
    const signs = modelStarters(hands(['路', '停车']));
    expect(signs.choices[1]?.name).toBe('机器人：看到停车标志就停');
    expect(JSON.stringify(signs.choices[1]?.workspace)).toContain('我沿着马路走，摄像头看到“停车”就停下。');
  });
});
