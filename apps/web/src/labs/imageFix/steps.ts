/**
 * The photo's history in the lab: the photo it started as, then one step per tool used (repair, enhance,
 * enlarge, cloud), each keeping the picture before and after it. The compare view shows the last step; undo
 * drops it. Pure list operations, so they are easy to test.
 */
export type StepKind = 'start' | 'shrink' | 'repair' | 'enhance' | 'upscale' | 'cloud';

export interface Step<P> {
  kind: StepKind;
  /** Shown in the list of steps (already translated). */
  label: string;
  /** What the step started from (for an enlargement: the same photo enlarged plainly, to compare). */
  before: P;
  after: P;
}

export function startSteps<P>(picture: P, label: string): Step<P>[] {
  return [{ kind: 'start', label, before: picture, after: picture }];
}

export function pushStep<P>(steps: Step<P>[], step: Step<P>): Step<P>[] {
  return [...steps, step];
}

/** Drops the last step (never the start). */
export function undoStep<P>(steps: Step<P>[]): Step<P>[] {
  return steps.length > 1 ? steps.slice(0, -1) : steps;
}

export function currentPicture<P>(steps: Step<P>[]): P | undefined {
  return steps.at(-1)?.after;
}
