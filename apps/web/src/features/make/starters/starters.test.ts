/**
 * Every starter project (packages/contract/src/make-starters.ts) loads into the studio's Blockly with no
 * unknown block, in both languages, and runs as its description says: its JavaScript goes through the real
 * runner with the real host functions on a sprite world.
 */
import { MAKE_STARTERS, makeStarterById, starterBlockTypes, type Language } from '@ai-edu/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { Blockly, loadBlockTexts } from '../blocks/blockly-setup.ts';
import { programCode } from '../blocks/studio-blocks.ts';
import { asyncHostFunctions, hostFunctions } from '../blocks/host-functions.ts';
import { CloudProblemError, cloudHostFunctions, type CloudStage } from '../blocks/cloud-host.ts';
import { hearingHostFunctions } from '../models/hearing-host.ts';
import { builtinHostFunctions, type BuiltinAnswers } from '../models/builtin-host.ts';
import { Sight } from '../models/builtin-sight.ts';
import {
  runProgram,
  type AsyncHostFunction,
  type RunOutcome,
  type Scheduler,
} from '../runtime/program-runner.ts';
import { SpriteWorld } from '../runtime/sprite-world.ts';
import { drawingHostFunctions } from '../models/drawing-host.ts';
import type { DrawingNetwork } from '../models/builtin-kit.ts';
import { modelTexts } from '../models/i18n.ts';
import { rockPaperScissorsWorkspace } from '../models/rock-paper-scissors.ts';
import { availableStarters } from './available.ts';
import { RobotWorld } from '../../../lib/robot-world/robot-world.ts';
import { robotHostFunctions } from '../robot/robot-host.ts';
import { signReaderWorkspace } from '../models/robot-sign-reader.ts';
import { nearestOnLine, townRoadPoints } from '../../../lib/robot-world/arenas.ts';
import { CAMERA_DEPTH, CAMERA_NEAR, CAMERA_WIDTH } from '../../../lib/robot-world/world-drawing.ts';

const LANGUAGES: Language[] = ['en', 'zh-CN'];

// The stage's blocks and the block texts, as the studio loads them before it makes a workspace.
beforeAll(() => loadBlockTexts('en'));

/** The program of a starter's workspace, loaded into a headless Blockly workspace like the studio's. */
function codeOf(id: string, language: Language = 'en'): string {
  const starter = makeStarterById(id);
  if (!starter) throw new Error(`no starter ${id}`);
  return codeOfWorkspace(starter.workspace[language]);
}

function codeOfWorkspace(json: Record<string, unknown>): string {
  const workspace = new Blockly.Workspace();
  try {
    Blockly.serialization.workspaces.load(json, workspace);
    return programCode(workspace);
  } finally {
    workspace.dispose();
  }
}

/**
 * Runs code on a sprite world, timers driven by the test; `answer` replies to each question; `more` adds
 * async host functions for the world (an AI block's real host over fakes of what it calls: a model, the
 * camera's sighting, the cloud AI); `ears.lastWord` is what the command-word blocks heard (the test sets it
 * with the `hear:` event it dispatches).
 */
function run(
  code: string,
  answer: (question: string) => string = () => '',
  more: (world: SpriteWorld) => Record<string, AsyncHostFunction> = () => ({}),
) {
  const ears = { lastWord: '' };
  /** The camera's text for the OCR blocks (the test sets it), and what the built-in voice spoke. */
  const camera = { text: '' };
  const spoken: string[] = [];
  const eyes = {
    ready: Promise.resolve(),
    sight: new Sight(),
    frame: () => ({}) as HTMLCanvasElement,
  };
  const reader = {
    read: () => Promise.resolve(camera.text ? [{ text: camera.text }] : []),
    failed: () => undefined,
  };
  const queue: (() => void)[] = [];
  let clock = 0;
  const scheduler: Scheduler = {
    now: () => clock++,
    later: (fn) => {
      let cancelled = false;
      queue.push(() => {
        if (!cancelled) fn();
      });
      return () => {
        cancelled = true;
      };
    },
  };
  const world = new SpriteWorld();
  const printed: string[] = [];
  const notes: [number, number][] = [];
  const questions: string[] = [];
  const outcomes: RunOutcome[] = [];
  const stage = {
    world,
    print: (line: string) => void printed.push(line),
    ask: (question: string) => {
      questions.push(question);
      return Promise.resolve(answer(question));
    },
    playNote: (note: number, seconds: number) => {
      notes.push([note, seconds]);
      return Promise.resolve();
    },
    sleep: () => Promise.resolve(),
  };
  const program = runProgram(code, {
    host: { ...hostFunctions(stage), ...hearingHostFunctions(ears) },
    asyncHost: {
      ...asyncHostFunctions(stage),
      ...builtinHostFunctions(eyes, async (text) => void spoken.push(text), reader),
      ...more(world),
    },
    onFinish: (outcome) => outcomes.push(outcome),
    scheduler,
    sliceMs: 5,
  });
  /** Runs slices and lets settled promises call back, until nothing is left to do. */
  const settle = async () => {
    for (let i = 0; i < 10_000; i++) {
      const next = queue.shift();
      if (next) next();
      else {
        await new Promise((resolve) => setImmediate(resolve));
        if (queue.length === 0) return;
      }
    }
  };
  return { program, world, printed, notes, questions, outcomes, settle, ears, camera, spoken };
}

describe('starter projects', () => {
  it('have distinct ids and a name and description in both languages', () => {
    expect(new Set(MAKE_STARTERS.map((s) => s.id)).size).toBe(MAKE_STARTERS.length);
    expect(MAKE_STARTERS.length).toBeGreaterThanOrEqual(3);
    for (const starter of MAKE_STARTERS) {
      expect(starter.id).toMatch(/^[a-z0-9-]{1,60}$/);
      for (const language of LANGUAGES) {
        expect(starter.name[language].trim(), starter.id).not.toBe('');
        expect(starter.description[language].trim(), starter.id).not.toBe('');
      }
    }
  });

  it.each(MAKE_STARTERS.map((s) => s.id))('%s uses only blocks the studio has, and loads', (id) => {
    const starter = makeStarterById(id)!;
    expect(starterBlockTypes(starter).filter((type) => !(type in Blockly.Blocks))).toEqual([]);
    for (const language of LANGUAGES) {
      const code = codeOf(id, language);
      expect(code, `${id} ${language}`).toContain('highlightBlock(');
      // Both languages are the same program: only the texts differ.
      expect(starterBlockTypes(starter).length).toBeGreaterThan(1);
    }
  });

  it('are offered only when the studio has every block they need', () => {
    const all = availableStarters((type) => type in Blockly.Blocks);
    expect(all.map((s) => s.id)).toEqual(MAKE_STARTERS.map((s) => s.id));
    const withoutNotes = availableStarters((type) => type !== 'sound_play_note' && type in Blockly.Blocks);
    expect(withoutNotes.map((s) => s.id)).not.toContain('key-piano');
    expect(withoutNotes.map((s) => s.id)).toContain('arrow-keys');
  });

  it('arrow-keys: greets, then each arrow key points the robot that way and moves it', async () => {
    const r = run(codeOf('arrow-keys'));
    await r.settle();
    expect(r.world.sprite).toMatchObject({
      x: 0,
      y: 0,
      costume: 'robot',
      saying: 'Steer me with the arrow keys!',
    });
    expect(r.program.running).toBe(true); // waiting for keys
    r.program.dispatch('key:right');
    await r.settle();
    expect(r.world.sprite).toMatchObject({ x: 20, y: 0, direction: 90 });
    r.program.dispatch('key:up');
    await r.settle();
    expect(r.world.sprite).toMatchObject({ x: 20, y: 20, direction: 0 });
    r.program.dispatch('key:left');
    await r.settle();
    r.program.dispatch('key:down');
    await r.settle();
    expect(r.world.sprite).toMatchObject({ x: 0, y: 0, direction: 180 });
    r.program.stop();
    expect(r.outcomes).toEqual([{ kind: 'stopped' }]);
  });

  it('guess-number: answers higher or lower until the guess is right', async () => {
    // A player who halves the range after each hint finds any number from 1 to 20 in at most 5 guesses.
    let low = 1;
    let high = 20;
    let last = 0;
    let r: ReturnType<typeof run> | null = null;
    r = run(codeOf('guess-number'), () => {
      const hint = r?.world.sprite.saying;
      if (hint === 'Higher!') low = last + 1;
      if (hint === 'Lower!') high = last - 1;
      last = Math.floor((low + high) / 2);
      return String(last);
    });
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    expect(r.questions.length).toBeGreaterThanOrEqual(1);
    expect(r.questions.length).toBeLessThanOrEqual(5);
    expect(new Set(r.questions)).toEqual(new Set(['Your guess?']));
    expect(r.world.sprite).toMatchObject({ saying: 'You got it!', costume: 'star' });
  });

  it('guess-number in Chinese asks and answers in Chinese', async () => {
    let guess = 0;
    const r = run(codeOf('guess-number', 'zh-CN'), () => String(++guess));
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    expect(new Set(r.questions)).toEqual(new Set(['你猜是几？']));
    expect(r.world.sprite.saying).toBe('猜中了！');
  });

  it('key-piano: each letter key names and plays its note', async () => {
    const r = run(codeOf('key-piano'));
    await r.settle();
    expect(r.world.sprite).toMatchObject({ costume: 'cat', saying: 'Play me with the keys A S D F G H J' });
    for (const key of ['a', 'd', 'g', 'j']) {
      r.program.dispatch(`key:${key}`);
      await r.settle();
    }
    expect(r.notes).toEqual([
      [60, 0.5],
      [64, 0.5],
      [67, 0.5],
      [71, 0.5],
    ]);
    expect(r.world.sprite.saying).toBe('ti');
    r.program.stop();
  });

  it.each([
    ['en', 'on', 'off', 'Say “on” or “off” to the microphone.'],
    ['zh-CN', '开灯', '关灯', '对着麦克风说“开灯”或“关灯”。'],
  ] as const)('command-light (%s): its words show and hide the star', async (language, on, off, hint) => {
    const r = run(codeOf('command-light', language));
    await r.settle();
    expect(r.printed).toEqual([hint]);
    expect(r.world.sprite).toMatchObject({ costume: 'star', visible: false });
    expect(r.program.running).toBe(true); // listening
    const hear = async (word: string) => {
      r.ears.lastWord = word;
      r.program.dispatch(`hear:${word}`);
      await r.settle();
    };
    await hear(on);
    expect(r.world.sprite).toMatchObject({ visible: true, saying: on });
    await hear(off);
    expect(r.world.sprite.visible).toBe(false);
    await hear('hello'); // a word with no hat does nothing
    expect(r.world.sprite.visible).toBe(false);
    await hear(on);
    expect(r.world.sprite.visible).toBe(true);
    r.program.stop();
  });

  it.each([
    ['en', 'EXIT', 'I can’t see any text.'],
    ['zh-CN', '出口', '我没看到文字。'],
  ] as const)(
    'read-aloud (%s): a click reads the camera’s text and speaks it',
    async (language, sign, none) => {
      const r = run(codeOf('read-aloud', language));
      await r.settle();
      expect(r.program.running).toBe(true); // waiting for a click
      r.program.dispatch('click:sprite');
      await r.settle();
      expect(r.world.sprite.saying).toBe(none);
      expect(r.spoken).toEqual([]);
      r.camera.text = sign;
      r.program.dispatch('click:sprite');
      await r.settle();
      expect(r.world.sprite.saying).toBe(sign);
      expect(r.spoken).toEqual([sign]);
      r.program.stop();
    },
  );

  it('square-walk: walks four sides and ends where it started', async () => {
    const r = run(codeOf('square-walk'));
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    expect(r.world.sprite).toMatchObject({ x: -50, y: -50, direction: 90, saying: 'A square!' });
  });

  it('doodle-guess: the arrow keys draw, space says what the AI sees, D the digit, C wipes the drawing', async () => {
    // Fake networks: the doodle network's best is "sun" (index of the served categories), the digit's 4.
    const sun = DOODLE_CATEGORIES.findIndex((c) => c.id === 'sun');
    const answering = (classes: number, best: number): DrawingNetwork => ({
      probabilities: () => Promise.resolve(Array.from({ length: classes }, (_, i) => (i === best ? 0.9 : 0))),
      dispose: () => undefined,
    });
    const r = run(codeOf('doodle-guess'), undefined, (world) =>
      drawingHostFunctions({
        pen: world.pen,
        networks: {
          doodle: () => Promise.resolve(answering(DOODLE_CATEGORIES.length, sun)),
          digit: () => Promise.resolve(answering(10, 4)),
        },
        language: () => 'en',
        signal: new AbortController().signal,
        onProblem: () => undefined,
      }),
    );
    await r.settle();
    expect(r.world.sprite.saying).toBe('Draw with the arrow keys, then press space!');
    expect(r.world.pen.down).toBe(true);
    r.program.dispatch('key:space');
    await r.settle();
    expect(r.world.sprite.saying).toBe('Draw something first!');
    for (const key of ['right', 'right', 'up', 'left']) {
      r.program.dispatch(`key:${key}`);
      await r.settle();
    }
    expect(r.world.pen.segments).toHaveLength(4);
    expect(r.world.sprite).toMatchObject({ x: 15, y: 15 });
    r.program.dispatch('key:space');
    await r.settle();
    expect(r.world.sprite.saying).toBe('I think it is: sun');
    r.program.dispatch('key:d');
    await r.settle();
    expect(r.world.sprite.saying).toBe('The digit: 4');
    r.program.dispatch('key:c');
    await r.settle();
    expect(r.world.pen.segments).toEqual([]);
    r.program.dispatch('key:space');
    await r.settle();
    expect(r.world.sprite.saying).toBe('Draw something first!');
    r.program.stop();
  });

  /** A camera session whose nose is wherever `noseX` says, now. */
  const poseHosts = (noseX: (world: SpriteWorld) => number) => (world: SpriteWorld) =>
    builtinHostFunctions(
      {
        ready: Promise.resolve(),
        sight: {
          point: (detector: string, part: string) =>
            detector === 'pose' && part === 'nose' ? { x: noseX(world), y: 0 } : null,
        },
      } as unknown as BuiltinAnswers,
      () => Promise.resolve(),
    );
  /** The x the star asks to land on, read from what it says ("Land me at x 120"). */
  const targetOf = (world: SpriteWorld) => Number(/(-?\d+)\s*$/.exec(world.sprite.saying ?? '')?.[1] ?? NaN);

  it('pose-game: the star follows the nose down, and landing where it says scores', async () => {
    const r = run(codeOf('pose-game'), undefined, poseHosts(targetOf));
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    expect(r.world.sprite).toMatchObject({ costume: 'star', saying: 'Game over! Score: 5' });
    expect(r.world.sprite.y).toBeLessThan(-150);
  });

  it('pose-game: a nose far from the spot misses every star (in Chinese too)', async () => {
    const r = run(
      codeOf('pose-game', 'zh-CN'),
      undefined,
      poseHosts((world) => (targetOf(world) < 0 ? 200 : -200)),
    );
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    expect(r.world.sprite.saying).toBe('游戏结束！得分：0');
    // The star stood where the nose was: at the side away from its spot.
    expect(Math.abs(r.world.sprite.x)).toBe(200);
  });

  /** The cloud blocks' real host over a fake AI: `chat` answers, `configured` is the server's status. */
  const cloudHosts = (chat: CloudStage['chat'], configured: boolean) => (world: SpriteWorld) =>
    cloudHostFunctions({
      language: 'en',
      print: () => undefined,
      world,
      chat,
      paintCostume: () => Promise.reject(new Error('not used')),
      chatConfigured: () => Promise.resolve(configured),
    });
  const OWN: Record<string, string> = {
    'What is 3 × 4?': ' 12 ',
    'Which colour do you get by mixing blue and yellow?': 'Green',
    'How many legs does a spider have?': '8',
  };

  it('quiz-bot without the cloud AI: asks its own questions and counts the right answers', async () => {
    const notAsked = () => Promise.reject(new Error('the AI is not set up: no call expected'));
    const r = run(codeOf('quiz-bot'), (question) => OWN[question] ?? '?', cloudHosts(notAsked, false));
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    expect(r.questions).toHaveLength(3);
    for (const question of r.questions) expect(Object.keys(OWN)).toContain(question);
    expect(r.world.sprite.saying).toBe('Quiz over! Right answers on my own questions: 3');
  });

  it('quiz-bot: a wrong answer is not counted, and it tells the right one', async () => {
    const r = run(
      codeOf('quiz-bot'),
      () => 'no idea',
      cloudHosts(() => Promise.reject(new Error('no')), false),
    );
    await r.settle();
    expect(r.world.sprite.saying).toBe('Quiz over! Right answers on my own questions: 0');
  });

  it('quiz-bot with the cloud AI: its questions come from the AI, which judges the answers', async () => {
    const sent: string[] = [];
    const chat = (message: string) => {
      sent.push(message);
      return Promise.resolve(
        message.includes('Write only the question') ? 'What is 2 + 2?' : 'Yes, 4 is right!',
      );
    };
    const r = run(codeOf('quiz-bot'), () => '4', cloudHosts(chat, true));
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    expect(r.questions).toEqual(['What is 2 + 2?', 'What is 2 + 2?', 'What is 2 + 2?']);
    expect(sent).toHaveLength(6);
    expect(sent[1]).toBe(
      'Question: What is 2 + 2? Answer: 4. Is the answer right? Reply in one short sentence.',
    );
  });

  it('quiz-bot: when the AI refuses (no credits), it turns to its own questions for the next rounds', async () => {
    const refused = () =>
      Promise.reject(new CloudProblemError({ kind: 'credits', message: 'no credits left' }));
    const r = run(codeOf('quiz-bot'), (question) => OWN[question] ?? 'x', cloudHosts(refused, true));
    await r.settle();
    expect(r.outcomes).toEqual([{ kind: 'done' }]);
    // Round one asked the AI (refused: its explanation became the question); rounds two and three are its own.
    expect(r.questions[0]).toContain('Not enough credits');
    expect(r.questions.slice(1).every((question) => question in OWN)).toBe(true);
    expect(r.world.sprite.saying).toBe('Quiz over! Right answers on my own questions: 2');
  });

  it('line-follower: its rules drive the robot world’s robot round the line track, LED green', () => {
    const robot = driveRobot(codeOf('line-follower'), new RobotWorld('line'));
    robot.stepUntil(() => robot.laps() >= 1, 60 * 40);
    expect(robot.program.running).toBe(true);
    expect(robot.laps()).toBe(1);
    expect(robot.world.robots[0]!.led).toBe('#34c759');
    robot.program.stop();
  });
});

/**
 * A robot program driving a robot world, as the page runs it (robot/robot-run.ts): a fresh interpreter slice
 * between fixed physics steps; `wait` sleeps in the world's time; `asyncHost` adds host functions that answer
 * later (a model looking at the camera), given the world to look at and a way to answer after some steps.
 */
function driveRobot(
  code: string,
  world: RobotWorld,
  asyncHost: (
    world: RobotWorld,
    after: <T>(steps: number, answer: () => T) => Promise<T>,
  ) => Record<string, AsyncHostFunction> = () => ({}),
) {
  const target = {
    body: () => world.robots[0]!,
    useArena: () => undefined,
    laps: () => world.robots[0]!.laps!.laps,
    pageSpeaker: true,
  };
  const queue: (() => void)[] = [];
  const timers: { at: number; fire: () => void }[] = [];
  let clock = 0;
  const after = <T>(steps: number, answer: () => T) =>
    new Promise<T>((resolve) => timers.push({ at: world.steps + steps, fire: () => resolve(answer()) }));
  const stage = {
    ...spriteStage(),
    sleep: (ms: number) => after(Math.round((ms / 1000) * 60), () => undefined),
  };
  const printed: string[] = [];
  const program = runProgram(code, {
    host: {
      ...hostFunctions({ ...stage, print: (line) => void printed.push(line) }),
      ...robotHostFunctions(target),
    },
    asyncHost: { ...asyncHostFunctions(stage), ...asyncHost(world, after) },
    onFinish: () => undefined,
    scheduler: {
      now: () => clock++,
      later: (fn) => {
        queue.push(fn);
        return () => undefined;
      },
    },
    sliceMs: 20,
  });
  /** One physics step, the program's slice before it and the promises that settle at it. */
  const step = async () => {
    queue.shift()?.();
    world.step();
    for (const timer of timers.filter((t) => t.at <= world.steps)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.fire();
    }
    await Promise.resolve();
    await Promise.resolve();
  };
  return {
    program,
    world,
    printed,
    laps: target.laps,
    step,
    /** Steps (synchronously, for programs that never wait) until `done` or `limit` steps. */
    stepUntil(done: () => boolean, limit: number) {
      for (let i = 0; i < limit && !done(); i++) {
        queue.shift()?.();
        world.step();
      }
    },
  };
}

describe('the robot’s sign reader with the student’s image model (a model starter)', () => {
  const model = { id: 'signs', name: 'Road / Stop', labels: ['Road', 'Stop'], lab: 'trainImage' };
  const texts = { hello: 'hello', stopped: 'Stop: waiting', ignore: 'rounds without looking' };

  /** A model that says "Stop" while a stop sign is in the robot's camera view, a tenth of a second later. */
  const signModel = (world: RobotWorld, after: <T>(steps: number, answer: () => T) => Promise<T>) => ({
    modelClassifyRobotCamera: (id: unknown) =>
      after(6, () => {
        const robot = world.robots[0]!;
        const { x, y, heading } = robot.pose;
        const seen = world.arena.signs.some((sign) => {
          if (sign.kind !== 'stop') return false;
          const ahead = (sign.x - x) * Math.cos(heading) + (sign.y - y) * Math.sin(heading);
          const side = -(sign.x - x) * Math.sin(heading) + (sign.y - y) * Math.cos(heading);
          return (
            ahead > CAMERA_NEAR && ahead < CAMERA_NEAR + CAMERA_DEPTH && Math.abs(side) < CAMERA_WIDTH / 2
          );
        });
        return id === model.id && seen ? 'Stop' : 'Road';
      }),
  });

  it('follows the town’s road, stops in front of each stop sign for three seconds, then drives on', async () => {
    const workspace = signReaderWorkspace(model, 'Stop', texts);
    const robot = driveRobot(codeOfWorkspace(workspace), new RobotWorld('town'), signModel);
    const body = robot.world.robots[0]!;
    const road = townRoadPoints();
    const stops: { x: number; y: number; steps: number }[] = [];
    let stoppedAt: number | null = null;
    let farthestOffRoad = 0;
    for (let i = 0; i < 60 * 45 && robot.laps() < 1; i++) {
      await robot.step();
      farthestOffRoad = Math.max(farthestOffRoad, nearestOnLine(road, body.position).distance);
      if (body.led === '#ff3b30' && stoppedAt === null) {
        stoppedAt = robot.world.steps;
        stops.push({ ...body.position, steps: 0 });
      }
      if (body.led === '#34c759' && stoppedAt !== null) {
        stops[stops.length - 1]!.steps = robot.world.steps - stoppedAt;
        stoppedAt = null;
      }
    }
    expect(robot.laps()).toBe(1);
    // It kept to the road all the way round.
    expect(farthestOffRoad).toBeLessThan(0.05);
    // One stop before each of the two stop signs (not at the "go" sign), three seconds each.
    const signs = robot.world.arena.signs.filter((sign) => sign.kind === 'stop');
    expect(stops).toHaveLength(2);
    stops.forEach((stop, k) => {
      const sign = signs[k]!;
      expect(Math.hypot(stop.x - sign.x, stop.y - sign.y)).toBeLessThan(CAMERA_NEAR + CAMERA_DEPTH + 0.1);
      expect(stop.steps).toBeGreaterThanOrEqual(3 * 60);
      expect(stop.steps).toBeLessThan(3.5 * 60);
    });
    expect(robot.printed).toEqual(['hello', 'Stop: waiting', 'Stop: waiting']);
    robot.program.stop();
  });
});

/** The sprite stage's host for a robot program's other blocks (`alert` and friends). */
function spriteStage() {
  return {
    world: new SpriteWorld(),
    print: () => undefined,
    ask: () => Promise.resolve(''),
    playNote: () => Promise.resolve(),
    sleep: () => Promise.resolve(),
  };
}

describe('rock, paper, scissors with the student’s three-label model (a model starter)', () => {
  afterEach(() => void vi.restoreAllMocks());
  const model = { id: 'm3', name: 'Hands', labels: ['Rock', 'Paper', 'Scissors'], lab: 'trainImage' };
  const texts = { ...modelTexts.en.rps, hello: 'Show me Rock / Paper / Scissors and press space to play!' };

  /** Plays rounds: in each, the model sees `shown` and the computer's random choice is `mine` (1–3). */
  async function play(rounds: [shown: string, mine: 1 | 2 | 3][]) {
    let seen = '';
    const random = vi.spyOn(Math, 'random');
    const r = run(codeOfWorkspace(rockPaperScissorsWorkspace(model, texts)), undefined, () => ({
      modelLabel: (id) => Promise.resolve(id === model.id ? seen : ''),
    }));
    await r.settle();
    expect(r.world.sprite.saying).toBe(texts.hello);
    const said: (string | null)[] = [];
    for (const [shown, mine] of rounds) {
      seen = shown;
      // Blockly's random integer from 1 to 3 is floor(random × 3) + 1.
      random.mockReturnValueOnce((mine - 1) / 3 + 0.1);
      r.program.dispatch('key:space');
      await r.settle();
      said.push(r.world.sprite.saying);
    }
    r.program.stop();
    return said;
  }

  it('each label beats the one before it, the first beats the last, and the score counts', async () => {
    expect(
      await play([
        ['Paper', 1],
        ['Rock', 3],
        ['Rock', 2],
        ['Scissors', 3],
      ]),
    ).toEqual([
      'I chose Rock: you win! 1 : 0',
      'I chose Scissors: you win! 2 : 0',
      'I chose Paper: I win! 2 : 1',
      'I chose Scissors: a draw!',
    ]);
  });

  it('reads the model named in its blocks’ extra state, and the Chinese texts have the same keys', () => {
    const json = JSON.stringify(rockPaperScissorsWorkspace(model, texts));
    expect(json).toContain('"type":"model_label","extraState":{"model":{"id":"m3"');
    expect(Object.keys(modelTexts['zh-CN'].rps).sort()).toEqual(Object.keys(modelTexts.en.rps).sort());
  });
});
