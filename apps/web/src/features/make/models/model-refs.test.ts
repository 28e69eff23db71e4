import { describe, expect, it } from 'vitest';
import {
  modelRefsIn,
  pictureModelRefsIn,
  readModelRef,
  textModelRefsIn,
  usesRobotCamera,
} from './model-refs.ts';

const ref = { id: 'abc', name: 'Rock / Paper', labels: ['Rock', 'Paper'], lab: 'trainImage' };

describe('model references', () => {
  it('finds each model a workspace uses once, in hats and in reporters nested in other blocks', () => {
    const other = { ...ref, id: 'def', name: 'Poses' };
    const workspace = {
      blocks: {
        languageVersion: 0,
        blocks: [
          { type: 'model_when_sees', extraState: { model: ref }, fields: { LABEL: 'Rock' } },
          {
            type: 'sprite_say',
            inputs: { TEXT: { block: { type: 'model_label', extraState: { model: other } } } },
            next: { block: { type: 'model_confidence', extraState: { model: ref } } },
          },
        ],
      },
    };
    expect(modelRefsIn(workspace).map((r) => r.id)).toEqual(['abc', 'def']);
  });

  it('ignores a broken reference from a file and blocks that are not model blocks', () => {
    expect(readModelRef({ id: '', name: 'x', labels: [] })).toBeNull();
    expect(readModelRef({ id: 'a', name: 'x', labels: [1] })).toBeNull();
    expect(readModelRef({ id: 'a', name: 'x', labels: ['y'] })).toEqual({
      id: 'a',
      name: 'x',
      labels: ['y'],
      lab: '',
    });
    const workspace = { blocks: { blocks: [{ type: 'text', extraState: { model: ref } }] } };
    expect(modelRefsIn(workspace)).toEqual([]);
  });

  it('keeps text models apart: they need no camera', () => {
    const text = { id: 'txt', name: 'Praise / Complaint', labels: ['Praise', 'Complaint'], lab: 'trainText' };
    const workspace = {
      blocks: {
        blocks: [
          { type: 'model_label', extraState: { model: ref } },
          {
            type: 'sprite_say',
            inputs: { TEXT: { block: { type: 'model_classify_text', extraState: { model: text } } } },
          },
        ],
      },
    };
    expect(modelRefsIn(workspace).map((r) => r.id)).toEqual(['abc']);
    expect(textModelRefsIn(workspace).map((r) => r.id)).toEqual(['txt']);
  });

  it('keeps picture blocks apart: an image model on the costume or the robot camera opens no camera', () => {
    const costume = { ...ref, id: 'pic' };
    const workspace = {
      blocks: {
        blocks: [
          { type: 'model_label', extraState: { model: ref } },
          {
            type: 'sprite_say',
            inputs: { TEXT: { block: { type: 'model_classify_costume', extraState: { model: costume } } } },
          },
        ],
      },
    };
    expect(modelRefsIn(workspace).map((r) => r.id)).toEqual(['abc']);
    expect(pictureModelRefsIn(workspace).map((r) => r.id)).toEqual(['pic']);
    expect(usesRobotCamera(workspace)).toBe(false);
    const driving = {
      blocks: { blocks: [{ type: 'model_classify_robot_camera', extraState: { model: ref } }] },
    };
    expect(modelRefsIn(driving)).toEqual([]);
    expect(pictureModelRefsIn(driving).map((r) => r.id)).toEqual(['abc']);
    expect(usesRobotCamera(driving)).toBe(true);
  });
});
