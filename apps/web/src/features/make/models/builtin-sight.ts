/**
 * What the built-in AI blocks read (pure): the blocks a workspace uses and what they need (a detector, the
 * voice), the latest sightings of the run's detectors, and camera points as Scratch stage coordinates.
 */

export type BuiltinDetectorName = 'face' | 'pose' | 'hand';

/** A point in the camera's frame, 0…1 from its left and top edge (as the camera sends it, not mirrored). */
export interface FramePoint {
  x: number;
  y: number;
}

/** What one detector found in a frame: face centres (most confident first) and/or named key points. */
export interface Sighting {
  faces?: FramePoint[];
  points?: Record<string, FramePoint>;
}

/** The stage's size (Scratch's): x −240…240, y −180…180, (0, 0) in the middle, y up. */
export const STAGE_HALF_WIDTH = 240;
export const STAGE_HALF_HEIGHT = 180;

/**
 * A camera point as stage coordinates, mirrored like the camera view (a student's raised right hand is on
 * the right of the stage, as in a mirror): the frame's left edge is the stage's right. Whole numbers.
 */
export function stagePoint(point: FramePoint): { x: number; y: number } {
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  const x = Math.round((0.5 - clamp(point.x)) * 2 * STAGE_HALF_WIDTH);
  const y = Math.round((0.5 - clamp(point.y)) * 2 * STAGE_HALF_HEIGHT);
  // -0 prints as 0 but compares oddly in tests and lists.
  return { x: x + 0, y: y + 0 };
}

/** Which block types need which detector; `ai_speak` needs the voice. */
export const BUILTIN_DETECTOR_OF: Readonly<Record<string, BuiltinDetectorName>> = {
  ai_face_count: 'face',
  ai_face_x: 'face',
  ai_face_y: 'face',
  ai_body_point: 'pose',
  ai_hand_point: 'hand',
};
export const SPEAK_BLOCK = 'ai_speak';
/** Reads text from a camera frame with the textKnow lab's OCR: needs the camera, no detector. */
export const READ_TEXT_BLOCK = 'ai_read_text';

/** Shows the camera as the stage's backdrop when its field says so: needs the camera, no detector. */
export const BACKDROP_BLOCK = 'stage_set_backdrop';

/**
 * What a saved workspace's built-in blocks need: detectors (each once, in a fixed order), the voice,
 * whether it reads text from the camera, and whether it shows the camera as the stage's backdrop.
 */
export function builtinNeedsIn(workspace: unknown): {
  detectors: BuiltinDetectorName[];
  speech: boolean;
  readsText: boolean;
  cameraBackdrop: boolean;
} {
  const found = new Set<BuiltinDetectorName>();
  let speech = false;
  let readsText = false;
  let cameraBackdrop = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string') {
      const detector = BUILTIN_DETECTOR_OF[record.type];
      if (detector) found.add(detector);
      if (record.type === SPEAK_BLOCK) speech = true;
      if (record.type === READ_TEXT_BLOCK) readsText = true;
      const fields = record.fields as { BACKDROP?: unknown } | undefined;
      if (record.type === BACKDROP_BLOCK && fields?.BACKDROP === 'camera') cameraBackdrop = true;
    }
    Object.values(record).forEach(visit);
  };
  visit(workspace);
  const order: BuiltinDetectorName[] = ['face', 'pose', 'hand'];
  return { detectors: order.filter((name) => found.has(name)), speech, readsText, cameraBackdrop };
}

/** The lines the OCR read, in reading order, as one text (spaces between lines; '' when it read none). */
export function textOfLines(lines: readonly { text: string }[]): string {
  return lines
    .map((line) => line.text.trim())
    .filter(Boolean)
    .join(' ');
}

/** The latest sighting of each detector; the blocks read it (nothing seen: 0 faces, points at 0, 0). */
export class Sight {
  private readonly latest = new Map<BuiltinDetectorName, Sighting>();

  update(detector: BuiltinDetectorName, sighting: Sighting): void {
    this.latest.set(detector, sighting);
  }

  faceCount(): number {
    return this.latest.get('face')?.faces?.length ?? 0;
  }

  /** The most confident face's centre on the stage, or (0, 0) when no face is seen. */
  face(): { x: number; y: number } {
    const face = this.latest.get('face')?.faces?.[0];
    return face ? stagePoint(face) : { x: 0, y: 0 };
  }

  /** A key point of the body or hand on the stage, or null when it is not seen. */
  point(detector: 'pose' | 'hand', part: string): { x: number; y: number } | null {
    const point = this.latest.get(detector)?.points?.[part];
    return point ? stagePoint(point) : null;
  }

  /** Whether the detector has found anything in its latest frame. */
  sees(detector: BuiltinDetectorName): boolean {
    const sighting = this.latest.get(detector);
    return Boolean(sighting?.faces?.length || (sighting?.points && Object.keys(sighting.points).length));
  }
}
