/**
 * Tabular Q-learning: the robot keeps a table with one number for every (state, action) pair, Q(s, a), its
 * guess of "how much reward will I collect from here if I do `a` now and then act as well as I know". It
 * learns the table from its own trials, one step at a time, with the Q-learning rule:
 *
 *     Q(s, a) ← Q(s, a) + α · (r + γ · max_a' Q(s', a') − Q(s, a))
 *
 * In words: after doing `a` in `s`, getting reward `r` and landing in `s'`, the robot compares what it
 * expected, Q(s, a), with what it now thinks the move was worth, r + γ · (the best it can do from s'). The
 * difference (the "surprise", or temporal-difference error) nudges the guess, by a fraction α of it.
 *
 * - α, the learning rate (0…1): how far each surprise moves the guess. 1 forgets the old guess entirely;
 *   near 0 learns very slowly but averages out luck.
 * - γ, the discount (0…1): how much a reward later is worth compared with a reward now. 0 only cares about the
 *   next reward; near 1 plans far ahead.
 * - ε, exploration (0…1): how often the robot tries a random action instead of the best one it knows
 *   (ε-greedy). Without exploring it may never find a better way; exploring too much it keeps stumbling.
 *
 * When the step ended the episode (`done`), there is no future: the target is just `r`.
 * All randomness comes from the `Rng` passed in, so a seeded run learns exactly the same table every time.
 */
import type { Rng } from '../random.ts';

export interface QLearnerOptions {
  states: number;
  actions: number;
  /** Learning rate α in [0, 1]. */
  alpha?: number;
  /** Discount γ in [0, 1]. */
  gamma?: number;
  /** Exploration ε in [0, 1]. */
  epsilon?: number;
  /** The value every Q(s, a) starts at (0: the robot knows nothing yet). */
  initial?: number;
}

export const DEFAULT_Q_OPTIONS = { alpha: 0.5, gamma: 0.9, epsilon: 0.2 } as const;

/** The learner's state as plain JSON: the table row by row (state-major) and its three rates. */
export interface QLearnerJson {
  kind: 'q-table';
  version: 1;
  states: number;
  actions: number;
  alpha: number;
  gamma: number;
  epsilon: number;
  q: number[];
}

function checkRate(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`${name} must be in [0, 1], got ${value}`);
  return value;
}

function checkCount(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}

export class QLearner {
  readonly states: number;
  readonly actions: number;
  /** Q(s, a) at index `s · actions + a`. */
  readonly q: Float64Array;
  private readonly rng: Rng;
  private _alpha: number;
  private _gamma: number;
  private _epsilon: number;

  constructor(options: QLearnerOptions, rng: Rng) {
    this.states = checkCount('states', options.states);
    this.actions = checkCount('actions', options.actions);
    this._alpha = checkRate('alpha', options.alpha ?? DEFAULT_Q_OPTIONS.alpha);
    this._gamma = checkRate('gamma', options.gamma ?? DEFAULT_Q_OPTIONS.gamma);
    this._epsilon = checkRate('epsilon', options.epsilon ?? DEFAULT_Q_OPTIONS.epsilon);
    this.q = new Float64Array(this.states * this.actions).fill(options.initial ?? 0);
    this.rng = rng;
  }

  get alpha(): number {
    return this._alpha;
  }
  set alpha(value: number) {
    this._alpha = checkRate('alpha', value);
  }
  get gamma(): number {
    return this._gamma;
  }
  set gamma(value: number) {
    this._gamma = checkRate('gamma', value);
  }
  get epsilon(): number {
    return this._epsilon;
  }
  set epsilon(value: number) {
    this._epsilon = checkRate('epsilon', value);
  }

  private checkState(state: number): void {
    if (!Number.isInteger(state) || state < 0 || state >= this.states) {
      throw new Error(`state ${state} is outside 0…${this.states - 1}`);
    }
  }

  /** Q(state, action). */
  get(state: number, action: number): number {
    return this.q[state * this.actions + action]!;
  }

  /** The action with the highest Q in `state`; ties are broken at random, so equal guesses are all tried. */
  best(state: number): number {
    this.checkState(state);
    const row = state * this.actions;
    let top = -Infinity;
    let ties = 0;
    let chosen = 0;
    for (let a = 0; a < this.actions; a++) {
      const v = this.q[row + a]!;
      if (v > top) {
        top = v;
        chosen = a;
        ties = 1;
      } else if (v === top) {
        // Reservoir sampling: the k-th tie replaces the choice with probability 1/k, so each tie is equally likely.
        ties++;
        if (this.rng() * ties < 1) chosen = a;
      }
    }
    return chosen;
  }

  /** The best action without any randomness (the lowest-numbered of equal ones): for drawing arrows and tests. */
  greedy(state: number): number {
    this.checkState(state);
    const row = state * this.actions;
    let chosen = 0;
    for (let a = 1; a < this.actions; a++) if (this.q[row + a]! > this.q[row + chosen]!) chosen = a;
    return chosen;
  }

  /** ε-greedy: with probability ε a uniformly random action (exploring), otherwise the best one (exploiting). */
  act(state: number): number {
    this.checkState(state);
    if (this._epsilon > 0 && this.rng() < this._epsilon) return Math.floor(this.rng() * this.actions);
    return this.best(state);
  }

  /** V(state) = max over actions of Q(state, action): how good the robot thinks being here is. */
  value(state: number): number {
    this.checkState(state);
    const row = state * this.actions;
    let top = this.q[row]!;
    for (let a = 1; a < this.actions; a++) top = Math.max(top, this.q[row + a]!);
    return top;
  }

  /**
   * One Q-learning step: Q(s, a) ← Q(s, a) + α · (target − Q(s, a)) with target = r + γ · V(next), or just r
   * when the episode ended. Returns the surprise (target − old Q) before scaling by α.
   */
  update(state: number, action: number, reward: number, next: number, done: boolean): number {
    this.checkState(state);
    if (!Number.isInteger(action) || action < 0 || action >= this.actions) {
      throw new Error(`action ${action} is outside 0…${this.actions - 1}`);
    }
    const target = done ? reward : reward + this._gamma * this.value(next);
    const i = state * this.actions + action;
    const surprise = target - this.q[i]!;
    this.q[i] = this.q[i]! + this._alpha * surprise;
    return surprise;
  }

  /** Forgets everything learned: every Q back to `initial`. */
  reset(initial = 0): void {
    this.q.fill(initial);
  }

  toJSON(): QLearnerJson {
    return {
      kind: 'q-table',
      version: 1,
      states: this.states,
      actions: this.actions,
      alpha: this._alpha,
      gamma: this._gamma,
      epsilon: this._epsilon,
      q: Array.from(this.q),
    };
  }

  /** Rebuilds a learner from `toJSON()`'s output; throws on anything damaged (wrong kind, sizes, non-numbers). */
  static fromJSON(json: unknown, rng: Rng): QLearner {
    if (typeof json !== 'object' || json === null) throw new Error('a Q-table must be an object');
    const data = json as Partial<Record<keyof QLearnerJson, unknown>>;
    if (data.kind !== 'q-table' || data.version !== 1) throw new Error('not a Q-table (kind/version)');
    const numbers = ['states', 'actions', 'alpha', 'gamma', 'epsilon'] as const;
    for (const key of numbers) {
      if (typeof data[key] !== 'number') throw new Error(`Q-table ${key} must be a number`);
    }
    const learner = new QLearner(
      {
        states: data.states as number,
        actions: data.actions as number,
        alpha: data.alpha as number,
        gamma: data.gamma as number,
        epsilon: data.epsilon as number,
      },
      rng,
    );
    const q = data.q;
    if (!Array.isArray(q) || q.length !== learner.q.length) {
      throw new Error(`Q-table must hold ${learner.q.length} numbers`);
    }
    q.forEach((v: unknown, i) => {
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new Error(`Q-table entry ${i} is not a finite number`);
      learner.q[i] = v;
    });
    return learner;
  }
}

/**
 * Exploration that fades: ε after `episode` episodes, shrinking geometrically from `start` by `decay` per
 * episode but never below `min`. Early on the robot explores a lot; once it knows the way it mostly exploits.
 */
export function decayedEpsilon(start: number, min: number, decay: number, episode: number): number {
  return Math.max(min, start * Math.pow(decay, episode));
}
