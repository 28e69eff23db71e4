import { describe, expect, it } from 'vitest';
import {
  act,
  decideByTable,
  decideProportional,
  DEFAULT_RULES,
  distanceToTrack,
  sense,
  startPose,
  trackPoints,
  TRACKS,
} from './sim.ts';

describe('line-following robot', () => {
  for (const id of TRACKS) {
    it(`follows the ${id} track with the default rules and with a proportional rule`, () => {
      const track = trackPoints(id);
      for (const decide of [
        (r: ReturnType<typeof sense>) => decideByTable(r, DEFAULT_RULES),
        (r: ReturnType<typeof sense>) => decideProportional(r, { base: 2, gain: 1.5 }),
      ]) {
        let robot = startPose(track);
        let worst = 0;
        for (let i = 0; i < 1500; i++) {
          robot = act(robot, decide(sense(robot, track)));
          worst = Math.max(worst, distanceToTrack(robot, track));
        }
        expect(worst).toBeLessThan(30);
      }
    });
  }

  it('drives off the line when the rules never turn', () => {
    const track = trackPoints('oval');
    let robot = startPose(track);
    const rules = { '0-0': 'forward', '1-0': 'forward', '0-1': 'forward', '1-1': 'forward' } as const;
    for (let i = 0; i < 400; i++) robot = act(robot, decideByTable(sense(robot, track), rules));
    expect(distanceToTrack(robot, track)).toBeGreaterThan(30);
  });
});
