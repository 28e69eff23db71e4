/**
 * The labelling tool's keys: 1–9 pick class 1–9, N/→ next image, P/← previous, Delete/Backspace removes the
 * selected box, Esc deselects, +/- zoom, 0 fits the image. Typing in a text field never triggers them.
 */

export type LabelAction =
  | { type: 'class'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'delete' }
  | { type: 'deselect' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'fit' };

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The element the key went to (a text field keeps its keys). */
  target?: EventTarget | null;
}

function isTextField(target: EventTarget | null | undefined): boolean {
  if (!target || typeof target !== 'object') return false;
  const el = target as { tagName?: string; isContentEditable?: boolean; type?: string };
  if (el.isContentEditable) return true;
  const tag = (el.tagName ?? '').toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** The action of a key press, or null when the key is not one of ours (left to the browser). */
export function actionForKey(event: KeyLike, classCount: number): LabelAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTextField(event.target)) return null;
  const key = event.key;
  if (/^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    return index < classCount ? { type: 'class', index } : null;
  }
  switch (key) {
    case 'n':
    case 'N':
    case 'ArrowRight':
      return { type: 'next' };
    case 'p':
    case 'P':
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'Delete':
    case 'Backspace':
      return { type: 'delete' };
    case 'Escape':
      return { type: 'deselect' };
    case '+':
    case '=':
      return { type: 'zoomIn' };
    case '-':
    case '_':
      return { type: 'zoomOut' };
    case '0':
      return { type: 'fit' };
    default:
      return null;
  }
}
