/**
 * The stage beside the workspace: a canvas (480 × 360 in Scratch's coordinates, scaled to fit) with the
 * printed lines and the sprite, an answer box while the program asks a question, and for screen readers the
 * printed lines as a live list and a live summary of the sprite and what it says. Tests read the sprite's
 * state from the canvas's data-* attributes (the pen's line count in `data-pen-strokes`, the backdrop in
 * `data-backdrop`, how many frames showed the camera in `data-camera-frames`), never from pixels.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  stagePoint,
  STAGE_HEIGHT,
  STAGE_WIDTH,
  type Sprite,
  type SpriteWorld,
} from '../runtime/sprite-world.ts';
import { loadStageDrawing } from '../runtime/on-demand.ts';
import type { CostumePicture, drawStage as DrawStage } from './sprite-canvas.ts';

export interface StageTexts {
  label: string;
  outputLabel: string;
  emptyText: string;
  spritesLabel: string;
  /** The accessible sentence for the sprite (where it is, what it says, how many lines the pen drew). */
  describeSprite: (sprite: Sprite, penLines: number) => string;
  answer: string;
  answerSend: string;
}

export interface StageProps {
  lines: readonly string[];
  world: SpriteWorld;
  /** The pictures of picture costumes (`image:<n>`), loaded by the page. */
  pictures: ReadonlyMap<string, CostumePicture>;
  /** The run's camera (its model session's video), shown when the program makes it the backdrop. */
  camera?: HTMLVideoElement | null;
  running: boolean;
  /** The question the program waits on, or null. */
  question: string | null;
  onAnswer: (answer: string) => void;
  onSpriteClick: () => void;
  texts: StageTexts;
}

/** How often the accessible summary may change (a moving sprite must not flood a screen reader). */
const SUMMARY_MS = 250;

function useSpriteSummary(world: SpriteWorld, describe: StageTexts['describeSprite']): string {
  // Re-renders at most every SUMMARY_MS while the world changes; the sentence is read from the world then.
  const [, setShown] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = world.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        setShown(world.version);
      }, SUMMARY_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [world]);
  return describe(world.sprite, world.pen.segments.length);
}

function AnswerBox({
  question,
  label,
  send,
  onAnswer,
}: {
  question: string;
  label: string;
  send: string;
  onAnswer: (answer: string) => void;
}) {
  const [answer, setAnswer] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(answer);
  };
  return (
    <form className="make-stage-ask" onSubmit={submit}>
      <label>
        <span className="make-stage-question">{question}</span>
        <input
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          aria-label={label}
          // The program waits on this box: it takes the keyboard at once.
          autoFocus
        />
      </label>
      <button type="submit">{send}</button>
    </form>
  );
}

export function Stage({
  lines,
  world,
  pictures,
  camera = null,
  running,
  question,
  onAnswer,
  onSpriteClick,
  texts,
}: StageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const summary = useSpriteSummary(world, texts.describeSprite);

  // Redraws on the next frame after the world or the lines change (a loop may move the sprite 10,000 times a
  // second; the screen needs it 60 times).
  // The drawing code loads on demand (it is not needed for the page to show); until then the canvas is blank.
  const [draw, setDraw] = useState<typeof DrawStage | null>(null);
  useEffect(() => {
    let live = true;
    void loadStageDrawing().then((module) => live && setDraw(() => module.drawStage));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    let frame = 0;
    let drawn = -1;
    let cameraFrames = 0;
    const paint = () => {
      const element = canvas.current;
      // A live camera backdrop changes every frame, whatever the program does.
      const backdrop =
        world.backdrop === 'camera' && camera && camera.readyState >= 2 && camera.videoWidth > 0
          ? camera
          : null;
      if (element && (drawn !== world.version || (backdrop && draw))) {
        drawn = world.version;
        const { sprite } = world;
        draw?.(element, sprite, lines, texts.emptyText, running, pictures, world.pen.segments, backdrop);
        if (backdrop && draw) cameraFrames++;
        element.dataset.backdrop = world.backdrop;
        // For tests: how many frames showed the camera (proof it is drawn, without reading pixels).
        element.dataset.cameraFrames = String(cameraFrames);
        element.dataset.spriteX = String(Math.round(sprite.x));
        element.dataset.spriteY = String(Math.round(sprite.y));
        element.dataset.spriteDirection = String(Math.round(sprite.direction));
        element.dataset.spriteCostume = sprite.costume;
        element.dataset.spriteVisible = String(sprite.visible);
        element.dataset.spriteSays = sprite.saying ?? '';
        element.dataset.penStrokes = String(world.pen.segments.length);
      }
      frame = requestAnimationFrame(paint);
    };
    paint();
    return () => cancelAnimationFrame(frame);
  }, [world, pictures, camera, lines, texts.emptyText, running, draw]);

  const click = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const { x, y } = stagePoint(event.clientX - box.left, event.clientY - box.top, box.width, box.height);
    if (world.hits(x, y)) onSpriteClick();
  };

  return (
    <section className="make-stage" aria-label={texts.label}>
      <canvas
        ref={canvas}
        className="make-stage-canvas"
        style={{ aspectRatio: `${STAGE_WIDTH} / ${STAGE_HEIGHT}` }}
        onClick={click}
        aria-hidden
      />
      {question !== null && (
        <AnswerBox question={question} label={texts.answer} send={texts.answerSend} onAnswer={onAnswer} />
      )}
      <p className="visually-hidden" role="status" aria-label={texts.spritesLabel} aria-live="polite">
        {summary}
      </p>
      <ol className="visually-hidden" role="log" aria-label={texts.outputLabel} aria-live="polite">
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </section>
  );
}
