/**
 * The built-in AI blocks' host functions: the camera blocks (`faceCount()`, `facePosition(axis)`,
 * `bodyPoint(axis, part)`, `handPoint(axis, part)`) wait until the run's detectors have looked once (or
 * cannot), then answer the latest sighting in stage coordinates; `speak(text)` waits until the text has been
 * spoken; `readText()` takes the camera's frame now and answers the text the OCR reads in it. Without a session,
 * a voice or a reader a program still runs (0 or '', and speaking is skipped): the stage has said why.
 */
import { displayText } from '../blocks/host-functions.ts';
import type { AsyncHostFunction } from '../runtime/program-runner.ts';
import { textOfLines, type Sight } from './builtin-sight.ts';

export interface BuiltinAnswers {
  readonly ready: Promise<void>;
  readonly sight: Sight;
  /** The camera's picture now (null when it has none). */
  frame?(): HTMLCanvasElement | null;
  /** What the text reader read last, for the view. */
  lastText?: string | null;
}

/** The OCR as the run uses it, and how a failure is told (a stage line; the block answers ''). */
export interface TextReader {
  read(frame: HTMLCanvasElement): Promise<readonly { text: string }[]>;
  failed(message: string): void;
}

const axisOf = (axis: unknown): 'x' | 'y' => (axis === 'y' ? 'y' : 'x');

export function builtinHostFunctions(
  session: BuiltinAnswers | null,
  speak: (text: string) => Promise<void>,
  reader: TextReader | null = null,
): Record<string, AsyncHostFunction> {
  const seen = async <T>(read: (sight: Sight) => T, none: T): Promise<T> => {
    if (!session) return none;
    await session.ready;
    return read(session.sight);
  };
  const point = (detector: 'pose' | 'hand') => (axis: unknown, part: unknown) =>
    seen((sight) => sight.point(detector, String(part))?.[axisOf(axis)] ?? 0, 0);
  return {
    faceCount: () => seen((sight) => sight.faceCount(), 0),
    facePosition: (axis) => seen((sight) => sight.face()[axisOf(axis)], 0),
    bodyPoint: point('pose'),
    handPoint: point('hand'),
    speak: (text) => speak(text === undefined ? '' : displayText(text)),
    readText: async () => {
      if (!session?.frame || !reader) return '';
      await session.ready;
      const frame = session.frame();
      if (!frame) return '';
      try {
        const text = textOfLines(await reader.read(frame));
        session.lastText = text;
        return text;
      } catch (error) {
        reader.failed(error instanceof Error ? error.message : String(error));
        return '';
      }
    },
  };
}
