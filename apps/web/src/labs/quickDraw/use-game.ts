/**
 * One game of doodles: six rounds of 20 seconds. While the student draws, the computer looks at the drawing
 * at most every `GUESS_EVERY_MS` (and once more after the last change), says its guesses only when they
 * change, and the round ends the moment its best guess is the thing asked for, when time runs out, or on
 * "skip". Each finished round keeps the drawing and what the computer made of it for the summary.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { strokesToInput } from '@ai-edu/ml/doodles/raster.ts';
import type { PadStroke } from '../../features/doodles/components/doodle-pad.tsx';
import { isGuessed, planGame, saidGuesses, saysSomethingNew, type Target } from './game.ts';
import { GUESS_EVERY_MS, ROUND_SECONDS } from './meta.ts';
import type { Reading } from './reading.ts';

export type Outcome = 'guessed' | 'missed' | 'skipped';

export interface FinishedRound {
  target: Target;
  strokes: PadStroke[];
  /** What the computer made of the final drawing (null when nothing was drawn). */
  reading: Reading | null;
  outcome: Outcome;
  /** Seconds the round took. */
  seconds: number;
}

export type Phase = 'start' | 'drawing' | 'over' | 'summary';

interface LiveGame {
  phase: Phase;
  plan: Target[];
  round: number;
  strokes: PadStroke[];
  said: string[];
  startedAt: number;
  endsAt: number;
}

export interface GameOptions {
  /** Reads a network input (the school's model included). */
  read: (input: Float32Array) => Reading;
  /** Called with the guesses' keys each time the computer says something new. */
  onSay?: (keys: string[]) => void;
}

export function useGame({ read, onSay }: GameOptions) {
  const [phase, setPhase] = useState<Phase>('start');
  const [seed, setSeed] = useState(0);
  const [plan, setPlan] = useState<Target[]>([]);
  const [round, setRound] = useState(0);
  const [strokes, setStrokes] = useState<PadStroke[]>([]);
  const [reading, setReading] = useState<Reading | null>(null);
  const [said, setSaid] = useState<string[]>([]);
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [finished, setFinished] = useState<FinishedRound[]>([]);
  /** Looks taken this game (the benchmark waits for the next one). */
  const [looks, setLooks] = useState(0);

  // The game as timers and throttled looks see it, changed only in callbacks (state mirrors it for rendering).
  const live = useRef<LiveGame>({
    phase: 'start',
    plan: [],
    round: 0,
    strokes: [],
    said: [],
    startedAt: 0,
    endsAt: 0,
  });
  const readRef = useRef(read);
  const onSayRef = useRef(onSay);
  useEffect(() => {
    readRef.current = read;
    onSayRef.current = onSay;
  }, [read, onSay]);
  const pending = useRef<number | undefined>(undefined);
  const lastLook = useRef(0);

  const cancelLook = () => {
    window.clearTimeout(pending.current);
    pending.current = undefined;
  };
  useEffect(() => cancelLook, []);

  /** What the computer makes of the drawing now (null when there is no ink). */
  const readNow = useCallback((): Reading | null => {
    const started = performance.now();
    const input = strokesToInput(live.current.strokes);
    if (!input) return null;
    return { ...readRef.current(input), ms: performance.now() - started };
  }, []);

  const finish = useCallback((outcome: Outcome, final: Reading | null) => {
    cancelLook();
    const { plan: targets, round: index, strokes: drawn, startedAt } = live.current;
    const target = targets[index];
    if (!target || live.current.phase !== 'drawing') return;
    live.current.phase = 'over';
    setPhase('over');
    setReading(final);
    setFinished((rounds) => [
      ...rounds,
      { target, strokes: drawn, reading: final, outcome, seconds: (Date.now() - startedAt) / 1000 },
    ]);
  }, []);

  const look = useCallback(() => {
    const state = live.current;
    if (state.phase !== 'drawing') return;
    lastLook.current = performance.now();
    const next = readNow();
    setReading(next);
    setLooks((n) => n + 1);
    const keys = next ? saidGuesses(next.guesses) : [];
    if (saysSomethingNew(state.said, keys)) {
      state.said = keys;
      setSaid(keys);
      if (keys.length > 0) onSayRef.current?.(keys);
    }
    const target = state.plan[state.round];
    if (next && target && isGuessed(next.guesses, target)) finish('guessed', next);
  }, [finish, readNow]);

  /** Looks at the drawing now if the last look is long enough ago, else once that time is up. */
  const scheduleLook = useCallback(() => {
    if (pending.current !== undefined) return;
    const wait = Math.max(0, lastLook.current + GUESS_EVERY_MS - performance.now());
    pending.current = window.setTimeout(() => {
      pending.current = undefined;
      look();
    }, wait);
  }, [look]);

  const beginRound = useCallback((index: number) => {
    cancelLook();
    const startedAt = Date.now();
    Object.assign(live.current, {
      phase: 'drawing',
      round: index,
      strokes: [],
      said: [],
      startedAt,
      endsAt: startedAt + ROUND_SECONDS * 1000,
    });
    setRound(index);
    setStrokes([]);
    setReading(null);
    setSaid([]);
    setNow(startedAt);
    setEndsAt(startedAt + ROUND_SECONDS * 1000);
    setPhase('drawing');
  }, []);

  const start = useCallback(
    (gameSeed: number, schoolWords: readonly string[]) => {
      const targets = planGame(gameSeed, schoolWords);
      live.current.plan = targets;
      setSeed(gameSeed);
      setPlan(targets);
      setFinished([]);
      beginRound(0);
    },
    [beginRound],
  );

  // The countdown: a few ticks a second for the clock; at zero the round is over.
  useEffect(() => {
    if (phase !== 'drawing') return;
    const tick = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= live.current.endsAt) {
        const final = readNow();
        const target = live.current.plan[live.current.round];
        finish(final && target && isGuessed(final.guesses, target) ? 'guessed' : 'missed', final);
      }
    }, 200);
    return () => window.clearInterval(tick);
  }, [phase, finish, readNow]);

  const draw = useCallback(
    (next: PadStroke[]) => {
      if (live.current.phase !== 'drawing') return;
      live.current.strokes = next;
      setStrokes(next);
      scheduleLook();
    },
    [scheduleLook],
  );

  const skip = useCallback(() => finish('skipped', readNow()), [finish, readNow]);

  const next = useCallback(() => {
    const index = live.current.round + 1;
    if (index < live.current.plan.length) beginRound(index);
    else {
      live.current.phase = 'summary';
      setPhase('summary');
    }
  }, [beginRound]);

  const backToStart = useCallback(() => {
    cancelLook();
    live.current.phase = 'start';
    setPhase('start');
  }, []);

  return {
    phase,
    seed,
    plan,
    round,
    target: plan[round],
    strokes,
    reading,
    said,
    secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)),
    finished,
    looks,
    lastRound: finished.at(-1),
    start,
    draw,
    skip,
    next,
    backToStart,
  };
}

export type Game = ReturnType<typeof useGame>;
