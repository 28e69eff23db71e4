/**
 * The tiny poet's worker: TF.js on its CPU backend (with the poet's fast kernels: a character takes tens of
 * milliseconds, no graphics card needed), the served model, and the training poems for "where did this come
 * from?". It yields to its message queue between characters and between fine-tuning steps, so "stop" is
 * answered at once.
 */
import * as tf from '@tensorflow/tfjs';
import { FINE_TUNING, classTexts } from '@ai-edu/ml/poet/class-texts.ts';
import { nearestPoems } from '@ai-edu/ml/poet/nearest.ts';
import { PoetRuntime } from '@ai-edu/ml/poet/runtime.ts';
import { END } from '@ai-edu/ml/poet/vocab.ts';
import { writeAfter, type Choices } from '@ai-edu/ml/poet/writing.ts';
import { seededRandom } from '@ai-edu/ml/random.ts';
import { fetchOk, loadModelFiles, messageOf } from '../../../lib/model-worker-files.ts';
import type { Choice, PoetReply, PoetRequest } from './protocol.ts';

// The app's TypeScript lib is the DOM one; this is the part of a dedicated worker's scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PoetRequest>) => void) | null;
  postMessage: (message: PoetReply) => void;
};
const post = (message: PoetReply) => scope.postMessage(message);

/** How many choices of each step the page shows. */
const SHOWN_CHOICES = 5;
/** model.json's figures name each held-out set's bits per character `<set>HeldOutBitsPerChar`. */
const HELD_OUT = 'HeldOutBitsPerChar';
const NEAREST_COUNT = 3;

let poet: PoetRuntime | undefined;
let poems: Promise<string[]> | undefined;
/** The job under way (a write or a fine-tuning); a newer one or 'stop' ends it at its next step. */
let currentJob = 0;
let stopRequested = false;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const pause = () => wait(0);

async function load(base: string, expectedBytes: number | undefined) {
  try {
    const { manifest, weights } = await loadModelFiles(tf, base, expectedBytes, post);
    poet = PoetRuntime.fromFiles(tf, manifest, weights);
    // The training poems only matter once a poem is written: fetched after the model, not waited for.
    poems = fetchOk(fetch, `${base}poems.txt`)
      .then((r) => r.text())
      .then((text) => text.split('\n').filter(Boolean));
    poems.catch(() => (poems = undefined));
    const figures = poet.manifest.figures;
    post({
      type: 'ready',
      info: {
        parameters: figures.parameters ?? 0,
        alphabet: poet.vocab.size - 3,
        trainPoems: figures.trainPoems ?? 0,
        heldOut: Object.entries(figures).flatMap(([name, bits]) =>
          name.endsWith(HELD_OUT) ? [{ set: name.slice(0, -HELD_OUT.length), bits }] : [],
        ),
        trainingMinutes: figures.trainingMinutes,
        maxChars: poet.config.context - 1,
      },
    });
  } catch (error) {
    post({ type: 'loadFailed', message: messageOf(error) });
  }
}

/** The step's likeliest choices, and the one drawn after them when it was less likely. */
function shown(runtime: PoetRuntime, choices: Choices, drawnId: number): Choice[] {
  const choice = (i: number): Choice => {
    const id = choices.ids[i]!;
    return { char: id === END ? '' : runtime.vocab.tokens[id]!, p: choices.probs[i]!, drawn: id === drawnId };
  };
  const top = Array.from({ length: Math.min(SHOWN_CHOICES, choices.ids.length) }, (_, i) => choice(i));
  const rank = choices.ids.indexOf(drawnId);
  return rank >= SHOWN_CHOICES ? [...top, choice(rank)] : top;
}

async function write(request: Extract<PoetRequest, { type: 'write' }>) {
  const runtime = poet!;
  const job = ++currentJob;
  stopRequested = false;
  const startIds = runtime.vocab.encode(request.start);
  const unknown = [...new Set([...request.start].filter((c) => !runtime.vocab.knows(c)))];
  const maxChars = runtime.config.context - 1;
  let reason: 'end' | 'length' | 'stopped' = 'length';
  const written: number[] = [];
  // The model's own time (drawing the characters), apart from the pace the page asked for.
  let thinkingMs = 0;
  const steps = writeAfter(runtime.writer(), startIds, {
    temperature: request.temperature,
    topK: request.topK,
    context: runtime.config.context,
    maxChars: Math.max(maxChars, startIds.length + 1),
    random: seededRandom(request.seed),
  });
  for (;;) {
    const stepStarted = performance.now();
    const next = steps.next();
    if (next.done) break;
    const step = next.value;
    thinkingMs += performance.now() - stepStarted;
    const ended = step.id === END;
    post({
      type: 'step',
      id: request.id,
      char: ended ? '' : runtime.vocab.tokens[step.id]!,
      ended,
      choices: shown(runtime, step.choices, step.id),
    });
    if (ended) reason = 'end';
    else written.push(step.id);
    await wait(Math.max(0, request.paceMs - (performance.now() - stepStarted)));
    if (stopRequested || currentJob !== job) {
      reason = 'stopped';
      break;
    }
  }
  const seconds = thinkingMs / 1000;
  post({ type: 'written', id: request.id, reason, unknown, chars: written.length, seconds });
  if (currentJob !== job) return;
  post({
    type: 'attention',
    id: request.id,
    attention: runtime.attention(runtime.vocab.decode([...startIds, ...written])),
  });
  // Closeness of what the poet wrote (not of the student's start, which may well be a famous line).
  const all = await (poems ?? Promise.resolve([]));
  post({
    type: 'nearest',
    id: request.id,
    matches: nearestPoems(runtime.vocab.decode(written), all, NEAREST_COUNT),
  });
}

async function fineTune(id: number, text: string) {
  const runtime = poet!;
  if ([...text].length > FINE_TUNING.maxChars) {
    post({ type: 'failed', id, reason: 'tooLong', message: String(FINE_TUNING.maxChars) });
    return;
  }
  const { pieces, unknownChars } = classTexts(text, runtime.vocab, runtime.config.context - 1);
  if (pieces.length < FINE_TUNING.minPieces) {
    post({ type: 'failed', id, reason: 'tooFewTexts', message: String(FINE_TUNING.minPieces) });
    return;
  }
  const job = ++currentJob;
  stopRequested = false;
  // Measured on (at most) the first 64 pieces, before and after: the drop is what the class sees.
  const measured = pieces.slice(0, 64);
  const bitsBefore = runtime.bitsOn(measured);
  post({
    type: 'tuneStart',
    id,
    pieces: pieces.length,
    unknown: unknownChars,
    bitsBefore,
    steps: FINE_TUNING.steps,
  });
  const steps = await runtime.fineTune(
    pieces,
    (step) => post({ type: 'tuneStep', id, ...step }),
    async () => {
      await pause();
      return !stopRequested && currentJob === job;
    },
  );
  post({ type: 'tuned', id, steps, bitsBefore, bitsAfter: runtime.bitsOn(measured) });
}

async function handle(request: PoetRequest) {
  if (request.type === 'load') return load(request.base, request.expectedBytes);
  if (request.type === 'stop') {
    stopRequested = true;
    return;
  }
  if (!poet) return; // The page sends nothing else before 'ready'.
  const id = 'id' in request ? request.id : 0;
  try {
    if (request.type === 'write') await write(request);
    else if (request.type === 'fineTune') await fineTune(id, request.text);
    else {
      currentJob++;
      poet.reset();
      post({ type: 'resetDone' });
    }
  } catch (error) {
    post({ type: 'failed', id, reason: 'error', message: messageOf(error) });
  }
}

scope.onmessage = (event) => void handle(event.data);
