import { describe, expect, it } from 'vitest';
import { builtinNeedsIn, Sight, stagePoint, textOfLines } from './builtin-sight.ts';

describe('stagePoint', () => {
  it('maps the frame to Scratch stage coordinates, mirrored like the camera view', () => {
    expect(stagePoint({ x: 0.5, y: 0.5 })).toEqual({ x: 0, y: 0 });
    // The frame's left edge is the stage's right (a mirror); its top is the stage's top.
    expect(stagePoint({ x: 0, y: 0 })).toEqual({ x: 240, y: 180 });
    expect(stagePoint({ x: 1, y: 1 })).toEqual({ x: -240, y: -180 });
    expect(stagePoint({ x: 0.25, y: 0.75 })).toEqual({ x: 120, y: -90 });
  });

  it('keeps points on the stage and answers whole numbers', () => {
    expect(stagePoint({ x: -0.2, y: 1.4 })).toEqual({ x: 240, y: -180 });
    expect(stagePoint({ x: 0.3333, y: 0.1 })).toEqual({ x: 80, y: 144 });
    expect(Object.is(stagePoint({ x: 0.5, y: 0.5 }).x, -0)).toBe(false);
  });
});

describe('builtinNeedsIn', () => {
  it('finds the detectors and the voice a saved workspace’s blocks need, each once', () => {
    const workspace = {
      blocks: {
        blocks: [
          {
            type: 'event_when_run',
            next: {
              block: {
                type: 'ai_speak',
                inputs: { TEXT: { block: { type: 'ai_hand_point', fields: { AXIS: 'x' } } } },
                next: { block: { type: 'sprite_say', inputs: { TEXT: { block: { type: 'ai_face_x' } } } } },
              },
            },
          },
          { type: 'ai_face_count' },
        ],
      },
    };
    expect(builtinNeedsIn(workspace)).toEqual({
      detectors: ['face', 'hand'],
      speech: true,
      readsText: false,
      cameraBackdrop: false,
    });
  });

  it('needs the camera, and no detector, to read text', () => {
    const say = { type: 'sprite_say', inputs: { TEXT: { block: { type: 'ai_read_text' } } } };
    expect(builtinNeedsIn({ blocks: { blocks: [say] } })).toEqual({
      detectors: [],
      speech: false,
      readsText: true,
      cameraBackdrop: false,
    });
  });

  it('needs the camera, and no detector, to show it as the backdrop; a white backdrop needs nothing', () => {
    const backdrop = (to: string) => ({ type: 'stage_set_backdrop', fields: { BACKDROP: to } });
    expect(builtinNeedsIn({ blocks: { blocks: [backdrop('white'), backdrop('camera')] } })).toEqual({
      detectors: [],
      speech: false,
      readsText: false,
      cameraBackdrop: true,
    });
    expect(builtinNeedsIn({ blocks: { blocks: [backdrop('white')] } }).cameraBackdrop).toBe(false);
  });

  it('needs nothing for a workspace without AI blocks, or for anything that is not one', () => {
    expect(builtinNeedsIn({ blocks: { blocks: [{ type: 'sprite_move' }] } })).toEqual({
      detectors: [],
      speech: false,
      readsText: false,
      cameraBackdrop: false,
    });
    expect(builtinNeedsIn(null)).toEqual({
      detectors: [],
      speech: false,
      readsText: false,
      cameraBackdrop: false,
    });
    expect(builtinNeedsIn('ai_speak')).toEqual({
      detectors: [],
      speech: false,
      readsText: false,
      cameraBackdrop: false,
    });
  });
});

describe('textOfLines', () => {
  it('joins the lines read, in order, without empty ones', () => {
    expect(textOfLines([{ text: ' HELLO ' }, { text: '' }, { text: 'world' }])).toBe('HELLO world');
    expect(textOfLines([])).toBe('');
  });
});

describe('Sight', () => {
  it('answers 0 faces and the middle of the stage before anything is seen', () => {
    const sight = new Sight();
    expect(sight.faceCount()).toBe(0);
    expect(sight.face()).toEqual({ x: 0, y: 0 });
    expect(sight.point('pose', 'nose')).toBeNull();
    expect(sight.sees('face')).toBe(false);
  });

  it('answers the latest sighting: the first face, named key points', () => {
    const sight = new Sight();
    sight.update('face', {
      faces: [
        { x: 0.25, y: 0.5 },
        { x: 0.75, y: 0.5 },
      ],
    });
    sight.update('pose', { points: { nose: { x: 0.5, y: 0.25 } } });
    expect(sight.faceCount()).toBe(2);
    expect(sight.face()).toEqual({ x: 120, y: 0 });
    expect(sight.point('pose', 'nose')).toEqual({ x: 0, y: 90 });
    expect(sight.point('pose', 'leftWrist')).toBeNull();
    expect(sight.point('hand', 'nose')).toBeNull();
    expect(sight.sees('pose')).toBe(true);
    sight.update('face', { faces: [] });
    expect(sight.faceCount()).toBe(0);
    expect(sight.sees('face')).toBe(false);
  });
});
