/** The built-in AI blocks' code: each calls its host function by name (models/builtin-host.ts). */
import * as Blockly from 'blockly/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUILTIN_BLOCK_TEXTS,
  hearingFlyoutBlocks,
  programCode,
  STAGE_BLOCK_TEXTS,
} from '../blocks/studio-blocks.ts';

// What blockly-setup.ts's loadBlockTexts sets before a workspace is made.
beforeAll(() => {
  Blockly.setLocale(STAGE_BLOCK_TEXTS.en);
  Blockly.setLocale(BUILTIN_BLOCK_TEXTS.en);
});

function codeOf(...blocks: Record<string, unknown>[]): string {
  const workspace = new Blockly.Workspace();
  try {
    Blockly.serialization.workspaces.load({ blocks: { languageVersion: 0, blocks } }, workspace);
    return programCode(workspace);
  } finally {
    workspace.dispose();
  }
}

const say = (id: string, value: Record<string, unknown>) => ({
  type: 'sprite_say',
  id,
  inputs: { TEXT: { block: value } },
});

describe('built-in AI blocks', () => {
  it('speak waits on speak(text) as a statement', () => {
    const code = codeOf({
      type: 'ai_speak',
      id: 'speak',
      inputs: { TEXT: { shadow: { type: 'text', fields: { TEXT: 'hello' } } } },
    });
    expect(code).toContain("speak('hello');");
  });

  it('the face reporters call faceCount() and facePosition(axis)', () => {
    expect(codeOf(say('a', { type: 'ai_face_count' }))).toContain('spriteSay(faceCount());');
    expect(codeOf(say('b', { type: 'ai_face_x' }))).toContain("spriteSay(facePosition('x'));");
    expect(codeOf(say('c', { type: 'ai_face_y' }))).toContain("spriteSay(facePosition('y'));");
  });

  it('the key point reporters name their axis and point', () => {
    expect(codeOf(say('d', { type: 'ai_body_point', fields: { AXIS: 'y', POINT: 'rightWrist' } }))).toContain(
      "spriteSay(bodyPoint('y', 'rightWrist'));",
    );
    expect(codeOf(say('e', { type: 'ai_hand_point', fields: { AXIS: 'x', POINT: 'indexTip' } }))).toContain(
      "spriteSay(handPoint('x', 'indexTip'));",
    );
  });

  it('the drawing reporters call drawingLabel(), drawingConfidence() and drawingDigit()', () => {
    expect(codeOf(say('f', { type: 'ai_drawing_label' }))).toContain('spriteSay(drawingLabel());');
    expect(codeOf(say('g', { type: 'ai_drawing_confidence' }))).toContain('spriteSay(drawingConfidence());');
    expect(codeOf(say('h', { type: 'ai_drawing_digit' }))).toContain('spriteSay(drawingDigit());');
  });

  it('the backdrop block asks for the backdrop by name', () => {
    const code = codeOf({ type: 'stage_set_backdrop', id: 'b', fields: { BACKDROP: 'camera' } });
    expect(code).toContain("stageBackdrop('camera');");
  });

  it('the pen blocks call the pen host functions, with the colour plugged in', () => {
    const code = codeOf({
      type: 'pen_down',
      id: 'p1',
      next: {
        block: {
          type: 'pen_set_colour',
          id: 'p2',
          // The colour field's swatches need a DOM; a text colour plugs in the same way.
          inputs: { COLOUR: { block: { type: 'text', fields: { TEXT: '#00ff00' } } } },
          next: {
            block: {
              type: 'pen_set_size',
              id: 'p3',
              inputs: { SIZE: { shadow: { type: 'math_number', fields: { NUM: 12 } } } },
              next: { block: { type: 'pen_up', id: 'p4', next: { block: { type: 'pen_clear', id: 'p5' } } } },
            },
          },
        },
      },
    });
    for (const call of ['penDown();', "penColour('#00ff00');", 'penSize(12);', 'penUp();', 'penClear();'])
      expect(code).toContain(call);
  });

  it('read text calls readText()', () => {
    expect(codeOf(say('r', { type: 'ai_read_text' }))).toContain('spriteSay(readText());');
  });

  it('each block’s help opens its lab', () => {
    const workspace = new Blockly.Workspace();
    const help = (type: string) => workspace.newBlock(type).helpUrl;
    expect(help('ai_speak')).toBe('/ailab/voiceSynthesis');
    expect(help('ai_face_count')).toBe('/ailab/faceAnalyze');
    expect(help('ai_body_point')).toBe('/ailab/trainPose');
    expect(help('ai_hand_point')).toBe('/ailab/trainHandPose');
    expect(help('ai_drawing_label')).toBe('/ailab/quickDraw');
    expect(help('ai_drawing_confidence')).toBe('/ailab/quickDraw');
    expect(help('ai_drawing_digit')).toBe('/ailab/numberPredict');
    expect(help('ai_when_hear_word')).toBe('/ailab/trainAudio');
    expect(help('ai_read_text')).toBe('/ailab/textKnow');
    expect(help('ai_heard_word')).toBe('/ailab/trainAudio');
    expect(help('ai_heard_confidence')).toBe('/ailab/trainAudio');
    workspace.dispose();
  });

  it('“when I hear” is an event script for hear:<word> (trimmed), not chained after the top level', () => {
    const code = codeOf(
      { type: 'event_when_run', id: 'run', next: { block: say('s1', { type: 'ai_heard_word' }) } },
      {
        type: 'ai_when_hear_word',
        id: 'hat',
        fields: { WORD: ' on ' },
        next: { block: { type: 'sprite_show', id: 'show' } },
      },
    );
    expect(code).toContain("onEvent('hear:on', function () {");
    expect(code).toContain('spriteSay(heardWord());');
    expect(codeOf(say('s2', { type: 'ai_heard_confidence' }))).toContain('spriteSay(heardConfidence());');
    // The hat's body runs only in its event: spriteShow() once, inside the function.
    expect(code.split('spriteShow()').length).toBe(2);
    expect(code.indexOf('spriteShow()')).toBeLessThan(code.indexOf("highlightBlock('s1')"));
  });

  it('a sound model’s flyout offers a hat per word, the word heard and how sure', () => {
    const items = hearingFlyoutBlocks({ name: 'on / off', labels: ['on', 'off'] });
    expect(items).toEqual([
      { kind: 'label', text: 'on / off' },
      { kind: 'block', type: 'ai_when_hear_word', fields: { WORD: 'on' } },
      { kind: 'block', type: 'ai_when_hear_word', fields: { WORD: 'off' } },
      { kind: 'block', type: 'ai_heard_word' },
      { kind: 'block', type: 'ai_heard_confidence' },
    ]);
  });
});
