import { describe, expect, it } from 'vitest';
import { MAZE_REWARDS, trendImproves } from '@ai-edu/ml/rl/index.ts';
import { DEFAULT_RATES, MazeSession } from './maze-session.ts';

describe('maze session', () => {
  it('records each step: where from, the reward, and the guess before and after', () => {
    const session = new MazeSession('first', { ...DEFAULT_RATES, epsilon: 0 }, 1);
    expect(session.position).toBe(session.maze.start);
    session.step();
    const last = session.last!;
    expect(last.from).toBe(session.maze.start);
    expect([MAZE_REWARDS.step, MAZE_REWARDS.bump]).toContain(last.reward);
    expect(last.before).toBe(0);
    // α = 0.5, the next square unknown (0): the guess moves halfway to the reward
    expect(last.after).toBe(last.reward / 2);
    expect(last.explored).toBe(false); // ε = 0 and every move tied: one of the best
    expect(session.trail).toEqual([last.from, last.to]);
    expect(session.episodes).toBe(0);
  });

  it('ends an episode at the goal or the step limit, back at the start with its reward recorded', () => {
    const session = new MazeSession('first', DEFAULT_RATES, 2);
    const ends: { to: number; steps: number; reward: number }[] = [];
    let steps = 0;
    let reward = 0;
    while (ends.length < 5) {
      const ended = session.step();
      steps++;
      reward += session.last!.reward;
      if (!ended) continue;
      ends.push({ to: session.last!.to, steps, reward });
      expect(session.position).toBe(session.maze.start);
      expect(session.trail).toEqual([session.maze.start]);
      steps = 0;
      reward = 0;
    }
    expect(session.steps).toEqual(ends.map((e) => e.steps));
    expect(session.rewards).toEqual(ends.map((e) => e.reward));
    for (const end of ends) {
      if (end.to !== session.maze.goal) expect(end.steps).toBe(session.env.stepLimit);
      else expect(end.steps).toBeLessThanOrEqual(session.env.stepLimit);
    }
    expect(ends.some((e) => e.to === session.maze.goal)).toBe(true);
  });

  it('learns the shortest way in each maze, with the rates changed while it learns', () => {
    for (const id of ['first', 'corridors', 'spiral'] as const) {
      const session = new MazeSession(id, DEFAULT_RATES, 3);
      expect(session.greedyPath().reachesGoal).toBe(false);
      session.runEpisodes(100);
      session.setRates({ alpha: 0.3, gamma: 0.95, epsilon: 0.1 });
      session.runEpisodes(100);
      expect(session.learner.epsilon).toBe(0.1);
      expect(session.episodes).toBe(200);
      expect(trendImproves(session.rewards)).toBe(true);
      const best = session.greedyPath();
      expect(best.reachesGoal).toBe(true);
      expect(best.path.length - 1).toBe(session.shortest);
    }
  });

  it('stops running episodes when asked', () => {
    const session = new MazeSession('first', DEFAULT_RATES, 4);
    let calls = 0;
    expect(session.runEpisodes(50, () => ++calls > 3)).toBe(3);
    expect(session.episodes).toBe(3);
    expect(session.visited(session.maze.start)).toBe(true);
    expect(session.visited(session.maze.goal)).toBe(false);
  });
});
