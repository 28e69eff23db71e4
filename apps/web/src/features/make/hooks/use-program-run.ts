/**
 * Run, Stop and the speed control: starts the workspace's program in the sandboxed runner, collects what it
 * prints for the stage, moves the sprite world, answers the waiting blocks (wait, ask, play a note), passes key
 * presses and sprite clicks to the program's event scripts, highlights the running block and shows an error
 * on the block it came from.
 */
import { useCallback, useContext, useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest, buildApiRequest, HttpError } from '../../../lib/api-client.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { hearEventName, keyEventName, modelEventName, SPRITE_CLICK_EVENT } from '../runtime/events.ts';
import { ExtractorKitContext } from '../models/model-kit.ts';
import { BuiltinKitContext } from '../models/builtin-kit.ts';
import type { ModelSession } from '../models/model-session.ts';
import type { TextReader } from '../models/builtin-host.ts';
import type { HearingSession } from '../models/hearing-session.ts';
import type { WorkspaceApi } from '../components/block-workspace.tsx';
import { loadModelRuntime, loadRunner } from '../runtime/on-demand.ts';
import type { AsyncHostFunction, ProgramRun, RunOutcome } from '../runtime/program-runner.ts';
import { SpriteWorld } from '../runtime/sprite-world.ts';
import type { CostumePicture } from '../components/sprite-canvas.ts';
import { keyIsForProgram } from './key-target.ts';
import { RobotRun } from '../robot/robot-run.ts';
import { robotArenaIn } from '../robot/robot-needs.ts';

export type RunState = 'idle' | 'running' | RunOutcome['kind'];

/** Pause after each block, per speed: slow enough to follow the highlight, or as fast as it goes. */
export const SPEEDS = { slow: 500, normal: 100, fast: 0 } as const;
export type Speed = keyof typeof SPEEDS;

/** The API client the cloud blocks' calls use (hooks/cloud-calls.ts says why it is handed in). */
const CLOUD_API = { request: apiRequest, build: buildApiRequest, HttpError };

/** Lines the stage keeps (an endless print loop must not grow the page without end). */
export const MAX_STAGE_LINES = 500;
/** Printed lines reach the page at most this often (a loop may print thousands a second). */
const PRINT_FLUSH_MS = 50;
/** The picture blocks draw the costume or the robot's camera this many pixels square: the image trainer's input. */
const MODEL_PICTURE_SIDE = 224;

export function useProgramRun(
  apiRef: RefObject<WorkspaceApi | null>,
  describeError: (error: Extract<RunOutcome, { kind: 'error' }>) => string,
  /** Shown when the interpreter's code could not be fetched (the network went away). */
  loadFailedText: string,
  /** Printed when a costume block names a picture the project does not have (any more). */
  missingPictureText: string,
) {
  const [lines, setLines] = useState<string[]>([]);
  const [state, setState] = useState<RunState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [speed, setSpeedState] = useState<Speed>('normal');
  const run = useRef<ProgramRun | null>(null);
  /** Counts starts and stops, so a start still fetching the interpreter knows it was stopped meanwhile. */
  const generation = useRef(0);
  const printed = useRef<string[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [world] = useState(() => new SpriteWorld());
  /** The robot world a program with robot blocks drives (robot/robot-run.ts). */
  const [robot] = useState(() => new RobotRun());
  /** Whether the current run drives a robot (its blocks run without the speed control's pauses). */
  const robotRun = useRef(false);
  /** The pictures of the run's painted costumes (`image:<n>`): the world keeps only their names. */
  const [pictures] = useState(() => new Map<string, CostumePicture>());
  const queryClient = useQueryClient();
  /** The question the program waits on, with the answer's way back. */
  const [asking, setAsking] = useState<{ question: string; answer: (text: string) => void } | null>(null);
  /** Ends what the current run waits on (sleeps, notes, a question) when it finishes. */
  const runEnded = useRef<AbortController | null>(null);
  /** The run's models (camera, guesses) while a program that uses them runs. */
  const [models, setModels] = useState<ModelSession | null>(null);
  /** The run's microphone and sound model while a program that listens runs. */
  const [hearing, setHearing] = useState<HearingSession | null>(null);
  const kit = useContext(ExtractorKitContext);
  const builtins = useContext(BuiltinKitContext);
  const owner = useSessionUser()?.uid ?? '';

  const flush = useCallback(() => {
    if (flushTimer.current !== null) clearTimeout(flushTimer.current);
    flushTimer.current = null;
    const fresh = printed.current;
    if (fresh.length === 0) return;
    printed.current = [];
    setLines((old) => [...old, ...fresh].slice(-MAX_STAGE_LINES));
  }, []);

  const print = useCallback(
    (line: string) => {
      printed.current.push(line);
      if (printed.current.length > MAX_STAGE_LINES)
        printed.current.splice(0, printed.current.length - MAX_STAGE_LINES);
      flushTimer.current ??= setTimeout(flush, PRINT_FLUSH_MS);
    },
    [flush],
  );

  const stop = useCallback(() => {
    generation.current++;
    if (run.current) run.current.stop();
    else setState((old) => (old === 'running' ? 'stopped' : old));
  }, []);

  const start = useCallback(async () => {
    const api = apiRef.current;
    if (!api) return;
    run.current?.stop();
    const mine = ++generation.current;
    api.showError(null, null);
    printed.current = [];
    setLines([]);
    setError(null);
    setState('running');
    pictures.clear();
    world.reset();
    runEnded.current?.abort();
    const ended = new AbortController();
    runEnded.current = ended;
    const code = api.code();
    let runner: Awaited<ReturnType<typeof loadRunner>>;
    try {
      runner = await loadRunner();
    } catch {
      setState('error');
      setError(loadFailedText);
      return;
    }
    // The project's own pictures (`asset:<id>` costumes), read before the first block can wear one.
    await runner.loadProjectPictures(pictures, ended.signal);
    if (mine !== generation.current) return;
    // A program with model blocks or built-in camera blocks opens the camera, its models and detectors beside
    // the run (models/model-session.ts: one camera, one loop); one that speaks loads the voice's player; one
    // that listens opens the microphone (models/hearing-session.ts).
    const saved = api.save();
    const refs = runner.modelRefsIn(saved);
    const needs = runner.builtinNeedsIn(saved);
    const listening = runner.hearingNeedsIn(saved);
    const textRefs = runner.textModelRefsIn(saved);
    // A program with robot blocks drives a fresh robot world in its arena (the physics loads on the first one).
    const arena = robotArenaIn(saved);
    robotRun.current = arena !== null;
    if (arena) {
      try {
        await robot.show(arena, true);
      } catch {
        setState('error');
        setError(loadFailedText);
        return;
      }
      if (mine !== generation.current) return;
      robot.drive(ended.signal);
    }
    const pictureRefs = runner.pictureModelRefsIn(saved);
    let session: ModelSession | null = null;
    let ears: HearingSession | null = null;
    let speak = (_text: string): Promise<void> => Promise.resolve();
    let reader: TextReader | null = null;
    let textModels: Record<string, AsyncHostFunction> = {};
    let pictureModels: Record<string, AsyncHostFunction> = {};
    const seesCamera = refs.length || needs.detectors.length || needs.readsText || needs.cameraBackdrop;
    const usesModels = seesCamera || textRefs.length || pictureRefs.length;
    if (usesModels || needs.speech || listening.listens) {
      let runtime: Awaited<ReturnType<typeof loadModelRuntime>>;
      try {
        runtime = await loadModelRuntime();
      } catch {
        setState('error');
        setError(loadFailedText);
        return;
      }
      if (mine !== generation.current) return;
      if (seesCamera)
        session = new runtime.ModelSession({
          refs,
          owner,
          kit,
          detectors: needs.detectors,
          builtins,
          readsText: needs.readsText,
          cameraBackdrop: needs.cameraBackdrop,
          signal: ended.signal,
          onSees: (id, label) => run.current?.dispatch(modelEventName(id, label)),
          onProblem: (problem) => print(runtime.describeModelProblem(problem)),
        });
      // Reading text takes the camera's frame to the textKnow lab's OCR; a failure is a stage line.
      if (needs.readsText && builtins)
        reader = {
          read: (frame) => builtins.readText(frame),
          failed: (message) => {
            if (!ended.signal.aborted) print(runtime.describeModelProblem({ kind: 'read', message }));
          },
        };
      // Text models classify typed text (models/text-model-host.ts): no camera, read from the library.
      if (textRefs.length)
        textModels = runtime.textModelHostFunctions({
          owner,
          refs: textRefs,
          onProblem: (problem) => print(runtime.describeModelProblem(problem)),
        });
      // Image models looking at the sprite's costume or the robot's camera (models/picture-model-host.ts): no
      // camera either.
      if (pictureRefs.length)
        pictureModels = runtime.pictureModelHostFunctions({
          owner,
          refs: pictureRefs,
          kit,
          pictures: {
            modelClassifyCostume: () =>
              runtime.costumeCanvas(world.sprite.costume, pictures, MODEL_PICTURE_SIDE),
            modelClassifyRobotCamera: () => robot.cameraPicture(MODEL_PICTURE_SIDE),
          },
          signal: ended.signal,
          onProblem: (problem) => print(runtime.describeModelProblem(problem)),
        });
      // A program with command-word blocks opens the microphone once (models/hearing-session.ts).
      if (listening.listens)
        ears = new runtime.HearingSession({
          owner,
          words: listening.words,
          builtins,
          signal: ended.signal,
          onHeard: (word) => run.current?.dispatch(hearEventName(word)),
          onProblem: (problem) => print(runtime.describeModelProblem(problem)),
        });
      // A voice that cannot speak says so on the stage; the program goes on with the next block.
      speak = (text) =>
        runtime.speakAloud(builtins, text, ended.signal).catch((error: unknown) => {
          if (ended.signal.aborted) return;
          const message = error instanceof Error ? error.message : String(error);
          print(runtime.describeModelProblem({ kind: 'speech', message }));
        });
    }
    setModels(session);
    setHearing(ears);
    const stage = {
      print,
      world,
      sleep: (ms: number) => runner.sleep(ms, ended.signal),
      playNote: (note: number, seconds: number) => runner.playNote(note, seconds, ended.signal),
      ask: (question: string) =>
        new Promise<string>((resolve) => {
          const answer = (text: string) => {
            setAsking(null);
            resolve(text);
          };
          ended.signal.addEventListener('abort', () => answer(''));
          setAsking({ question, answer });
        }),
    };
    run.current = runner.runProgram(code, {
      host: {
        ...runner.hostFunctions(stage),
        ...runner.hearingHostFunctions(ears),
        ...runner.robotHostFunctions(robot),
        spriteCostume: runner.pictureCostumeHost(world, pictures, print, missingPictureText),
      },
      asyncHost: {
        ...runner.asyncHostFunctions(stage),
        ...runner.robotAsyncHostFunctions(robot, stage),
        ...runner.modelHostFunctions(session),
        ...runner.cloudHosts({ queryClient, api: CLOUD_API, print, world, pictures, signal: ended.signal }),
        ...runner.builtinHostFunctions(session, speak, reader),
        ...textModels,
        ...pictureModels,
        // The drawing blocks load their networks on their first call; a problem's text loads only then.
        ...runner.drawingHostFunctions({
          pen: world.pen,
          networks: builtins?.drawings ?? null,
          language: currentLanguage,
          signal: ended.signal,
          onProblem: (network, message) =>
            void loadModelRuntime().then(
              (runtime) => print(runtime.describeModelProblem({ kind: 'drawing', network, message })),
              () => print(message),
            ),
        }),
      },
      onHighlight: (blockId) => apiRef.current?.highlight(blockId),
      // A robot reacts to its sensors at once, as a real one runs its program: no pause between blocks.
      blockDelayMs: arena ? 0 : SPEEDS[speed],
      onFinish: (outcome) => {
        run.current = null;
        ended.abort();
        setModels(null);
        setHearing(null);
        flush();
        setState(outcome.kind);
        if (outcome.kind === 'error') {
          const text = describeError(outcome);
          setError(text);
          apiRef.current?.showError(outcome.blockId, text);
        }
      },
    });
  }, [
    apiRef,
    builtins,
    describeError,
    flush,
    kit,
    loadFailedText,
    missingPictureText,
    owner,
    pictures,
    print,
    queryClient,
    robot,
    speed,
    world,
  ]);

  /** A click on the sprite starts its "when this sprite clicked" scripts. */
  const clickSprite = useCallback(() => run.current?.dispatch(SPRITE_CLICK_EVENT), []);

  // While a program runs, key presses on the page (not typed into a box or the workspace) start its key scripts.
  useEffect(() => {
    if (state !== 'running') return;
    const onKey = (event: KeyboardEvent) => {
      const name = keyEventName(event.key);
      if (!name || !run.current || !keyIsForProgram(event)) return;
      run.current.dispatch(name);
      // Arrows and space would scroll the page while the student steers a sprite.
      if (event.key.startsWith('Arrow') || event.key === ' ') event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [state]);

  const setSpeed = useCallback((next: Speed) => {
    setSpeedState(next);
    if (!robotRun.current) run.current?.setBlockDelay(SPEEDS[next]);
  }, []);

  // Leaving the page (or another project opening) ends the run.
  useEffect(
    () => () => {
      run.current?.stop();
      runEnded.current?.abort();
      if (flushTimer.current !== null) clearTimeout(flushTimer.current);
    },
    [],
  );

  return {
    lines,
    state,
    error,
    speed,
    start,
    stop,
    setSpeed,
    world,
    robot,
    pictures,
    asking,
    clickSprite,
    models,
    hearing,
  };
}
