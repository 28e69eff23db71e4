import { describe, expect, it } from 'vitest';
import { createFaceFollower } from './face-follower.ts';

type Face = { box: [number, number, number, number]; score: number; emotion: string };

describe('faces followed between camera frames', () => {
  it('shows one steady face reported twice as one face, with the same expression every frame', () => {
    const follower = createFaceFollower();
    const shown: string[] = [];
    for (let frame = 0; frame < 5; frame++) {
      const happy: Face = { box: [100, 80, 120, 140], score: frame % 2 ? 0.97 : 0.86, emotion: 'happy' };
      const sad: Face = { box: [108, 86, 116, 136], score: frame % 2 ? 0.85 : 0.96, emotion: 'sad' };
      const faces = follower.next([happy, sad]);
      expect(faces).toHaveLength(1);
      shown.push(faces[0]!.emotion);
    }
    expect(new Set(shown).size).toBe(1);
  });

  it('starts afresh after a reset: the most confident box of the new picture', () => {
    const follower = createFaceFollower();
    follower.next<Face>([{ box: [0, 0, 100, 100], score: 0.5, emotion: 'old' }]);
    follower.reset();
    const faces = follower.next<Face>([
      { box: [2, 2, 100, 100], score: 0.6, emotion: 'a' },
      { box: [0, 0, 98, 98], score: 0.9, emotion: 'b' },
    ]);
    expect(faces.map((f) => f.emotion)).toEqual(['b']);
  });
});
