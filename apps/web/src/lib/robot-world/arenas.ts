/**
 * The robot world's arenas as plain data (issue 27, docs/embodiment.md "Robot world"): what the floor shows
 * (lines, coloured zones, the sumo ring, signs painted on the road), the walls and boxes the physics knows, and
 * where robots start. Metres, origin at the top-left, y downwards (as the canvas draws it); a heading is in
 * radians, 0 pointing right (east), growing clockwise on screen. Pure: no DOM, no physics.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Pose extends Point {
  heading: number;
}

/** A dark line on the floor (tape): a polyline, closed for a loop. */
export interface FloorLine {
  points: Point[];
  closed: boolean;
  width: number;
  colour: string;
}

/** A rectangle of floor in a colour (a warehouse's drop zone, the maze's goal). */
export interface FloorZone {
  x: number;
  y: number;
  width: number;
  height: number;
  colour: string;
}

/** The sumo ring: a dark disc with a white edge band; outside it is the floor. */
export interface SumoRing extends Point {
  radius: number;
  edge: number;
}

export const SIGN_KINDS = ['stop', 'left', 'right', 'go'] as const;
export type SignKind = (typeof SIGN_KINDS)[number];

/** A traffic sign painted on the road (the robot's camera looks down at it). */
export interface Sign extends Point {
  kind: SignKind;
  radius: number;
}

/** An axis-aligned wall (static in the physics). */
export interface Wall {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box the robot can push. */
export interface Crate extends Point {
  size: number;
  colour: string;
}

export const ARENA_IDS = ['line', 'maze', 'sumo', 'warehouse', 'town'] as const;
export type ArenaId = (typeof ARENA_IDS)[number];

export interface Arena {
  id: ArenaId;
  width: number;
  height: number;
  floor: string;
  lines: FloorLine[];
  zones: FloorZone[];
  ring: SumoRing | null;
  signs: Sign[];
  walls: Wall[];
  crates: Crate[];
  /** Where robots 1, 2, 3, 4 start. */
  starts: Pose[];
  /** The loop a lap goes round (the line track's line), or null where laps mean nothing. */
  lapLine: Point[] | null;
}

export const ARENA_WIDTH = 2.4;
export const ARENA_HEIGHT = 1.6;
export const FLOOR = '#f4f1ea';
export const LINE_COLOUR = '#1d1d24';
export const LINE_WIDTH = 0.03;
const WALL = 0.04;

/** Walls round the arena's edge, so no robot drives off the world. */
function boundary(): Wall[] {
  return [
    { x: 0, y: -WALL, width: ARENA_WIDTH, height: WALL },
    { x: 0, y: ARENA_HEIGHT, width: ARENA_WIDTH, height: WALL },
    { x: -WALL, y: 0, width: WALL, height: ARENA_HEIGHT },
    { x: ARENA_WIDTH, y: 0, width: WALL, height: ARENA_HEIGHT },
  ];
}

/**
 * The line track: a superellipse (straights joined by rounded bends, tight enough to need a program that
 * steers) around the arena's middle, as 240 points in the direction robots drive (clockwise on screen).
 */
export function lineTrackPoints(): Point[] {
  const points: Point[] = [];
  const n = 240;
  const power = 0.6;
  for (let i = 0; i < n; i++) {
    const t = -Math.PI / 2 + (i / n) * Math.PI * 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    points.push({
      x: ARENA_WIDTH / 2 + 0.95 * Math.sign(c) * Math.abs(c) ** power,
      y: ARENA_HEIGHT / 2 + 0.55 * Math.sign(s) * Math.abs(s) ** power,
    });
  }
  return points;
}

/** Corner robots of a 2.4 × 1.6 arena, facing in; the first one is where a lone robot starts. */
const cornerStarts = (first: Pose): Pose[] => [
  first,
  { x: 2.15, y: 1.35, heading: Math.PI },
  { x: 0.25, y: 1.35, heading: -Math.PI / 2 },
  { x: 2.15, y: 0.25, heading: Math.PI / 2 },
];

/**
 * The maze as string art, one character a 0.4 m cell: `#` a wall cell, `.` open, `S` the start, `G` the goal.
 * 6 × 4 cells fill the arena.
 */
export const MAZE_ART = ['S.#...', '#.#.#.', '..#.#.', '.#..#G'] as const;
export const MAZE_CELL = 0.4;

function mazeArena(): Arena {
  const walls: Wall[] = boundary();
  const zones: FloorZone[] = [];
  let start: Pose = { x: 0.2, y: 0.2, heading: 0 };
  MAZE_ART.forEach((row, r) => {
    [...row].forEach((cell, c) => {
      const x = c * MAZE_CELL;
      const y = r * MAZE_CELL;
      // A wall cell is a block with a margin, so two open cells' corridor is wide enough for a robot.
      if (cell === '#')
        walls.push({ x: x + 0.04, y: y + 0.04, width: MAZE_CELL - 0.08, height: MAZE_CELL - 0.08 });
      if (cell === 'G') zones.push({ x, y, width: MAZE_CELL, height: MAZE_CELL, colour: '#3ccf7a' });
      if (cell === 'S') start = { x: x + MAZE_CELL / 2, y: y + MAZE_CELL / 2, heading: 0 };
    });
  });
  return {
    ...empty('maze'),
    walls,
    zones,
    starts: cornerStarts(start),
  };
}

function empty(id: ArenaId): Arena {
  return {
    id,
    width: ARENA_WIDTH,
    height: ARENA_HEIGHT,
    floor: FLOOR,
    lines: [],
    zones: [],
    ring: null,
    signs: [],
    walls: boundary(),
    crates: [],
    starts: cornerStarts({ x: 0.25, y: 0.25, heading: 0 }),
    lapLine: null,
  };
}

/**
 * The town's road: one loop round the town with signs painted on it, for the robot's camera to read. Its
 * corners are quarter circles of 20 cm, so a line follower can take them at the speed it reads signs.
 */
export function townRoadPoints(): Point[] {
  const left = 0.35;
  const right = 2.05;
  const top = 0.3;
  const bottom = 1.3;
  const r = 0.2;
  // Each side from just after one corner's arc to the next corner, then that corner's arc (clockwise on screen).
  const sides: { from: Point; to: Point; centre: Point; start: number }[] = [
    {
      from: { x: left + r, y: top },
      to: { x: right - r, y: top },
      centre: { x: right - r, y: top + r },
      start: -Math.PI / 2,
    },
    {
      from: { x: right, y: top + r },
      to: { x: right, y: bottom - r },
      centre: { x: right - r, y: bottom - r },
      start: 0,
    },
    {
      from: { x: right - r, y: bottom },
      to: { x: left + r, y: bottom },
      centre: { x: left + r, y: bottom - r },
      start: Math.PI / 2,
    },
    {
      from: { x: left, y: bottom - r },
      to: { x: left, y: top + r },
      centre: { x: left + r, y: top + r },
      start: Math.PI,
    },
  ];
  const points: Point[] = [];
  for (const { from, to, centre, start } of sides) {
    const straight = 24;
    for (let k = 0; k < straight; k++)
      points.push({
        x: from.x + ((to.x - from.x) * k) / straight,
        y: from.y + ((to.y - from.y) * k) / straight,
      });
    const arc = 8;
    for (let k = 0; k < arc; k++) {
      const angle = start + ((Math.PI / 2) * k) / arc;
      points.push({ x: centre.x + r * Math.cos(angle), y: centre.y + r * Math.sin(angle) });
    }
  }
  return points;
}

function build(id: ArenaId): Arena {
  switch (id) {
    case 'line': {
      const points = lineTrackPoints();
      const first = points[0]!;
      return {
        ...empty('line'),
        lines: [{ points, closed: true, width: LINE_WIDTH, colour: LINE_COLOUR }],
        starts: [
          { x: first.x, y: first.y, heading: 0 },
          { x: first.x, y: first.y + 1.1, heading: Math.PI },
          { x: 0.3, y: 0.8, heading: -Math.PI / 2 },
          { x: 2.1, y: 0.8, heading: Math.PI / 2 },
        ],
        lapLine: points,
      };
    }
    case 'maze':
      return mazeArena();
    case 'sumo':
      return {
        ...empty('sumo'),
        ring: { x: ARENA_WIDTH / 2, y: ARENA_HEIGHT / 2, radius: 0.7, edge: 0.05 },
        starts: [
          { x: ARENA_WIDTH / 2 - 0.35, y: ARENA_HEIGHT / 2, heading: 0 },
          { x: ARENA_WIDTH / 2 + 0.35, y: ARENA_HEIGHT / 2, heading: Math.PI },
          { x: ARENA_WIDTH / 2, y: ARENA_HEIGHT / 2 - 0.35, heading: Math.PI / 2 },
          { x: ARENA_WIDTH / 2, y: ARENA_HEIGHT / 2 + 0.35, heading: -Math.PI / 2 },
        ],
      };
    case 'warehouse': {
      const colours = ['#e53935', '#43a047', '#1e88e5'];
      return {
        ...empty('warehouse'),
        zones: colours.map((colour, i) => ({ x: 2.0, y: 0.15 + i * 0.5, width: 0.35, height: 0.35, colour })),
        crates: colours.flatMap((colour, i) => [
          { x: 0.8 + i * 0.35, y: 0.45, size: 0.1, colour },
          { x: 1.5 - i * 0.35, y: 1.15, size: 0.1, colour },
        ]),
      };
    }
    case 'town': {
      const points = townRoadPoints();
      return {
        ...empty('town'),
        floor: '#cfe8c4',
        lines: [{ points, closed: true, width: LINE_WIDTH, colour: LINE_COLOUR }],
        signs: [
          { x: 2.05, y: 0.8, kind: 'stop', radius: 0.07 },
          { x: 1.2, y: 1.3, kind: 'go', radius: 0.07 },
          { x: 0.35, y: 0.8, kind: 'stop', radius: 0.07 },
        ],
        starts: [
          { x: 0.7, y: 0.3, heading: 0 },
          { x: 1.7, y: 1.3, heading: Math.PI },
          { x: 2.05, y: 0.55, heading: Math.PI / 2 },
          { x: 0.35, y: 1.05, heading: -Math.PI / 2 },
        ],
        lapLine: points,
      };
    }
  }
}

/** A fresh copy of an arena (callers may not share one: crates move). */
export function arenaOf(id: ArenaId): Arena {
  return build(id);
}

export const isArenaId = (value: unknown): value is ArenaId =>
  typeof value === 'string' && (ARENA_IDS as readonly string[]).includes(value);

/** Distance from a point to a segment. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const u = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + u * dx), p.y - (a.y + u * dy));
}

/** The index of the polyline's point nearest to p, and how far it is. */
export function nearestOnLine(points: readonly Point[], p: Point): { index: number; distance: number } {
  let index = 0;
  let distance = Infinity;
  points.forEach((q, i) => {
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (d < distance) {
      distance = d;
      index = i;
    }
  });
  return { index, distance };
}

/**
 * The direction a robot at `p` would drive along the nearest floor line (its points' order), or null when no
 * line is within `near` metres: a robot placed by hand on a road faces along it.
 */
export function headingAlongLine(arena: Arena, p: Point, near = 0.12): number | null {
  let best: { distance: number; heading: number } | null = null;
  for (const line of arena.lines) {
    for (const [a, b] of segmentsOf(line)) {
      const distance = distanceToSegment(p, a, b);
      if (distance <= near && (!best || distance < best.distance))
        best = { distance, heading: Math.atan2(b.y - a.y, b.x - a.x) };
    }
  }
  return best?.heading ?? null;
}

/** A floor line's segments in its points' order (a closed loop's last one back to its first point). */
function* segmentsOf(line: FloorLine): Generator<[Point, Point]> {
  const n = line.points.length;
  const last = line.closed ? n : n - 1;
  for (let i = 0; i < last; i++) yield [line.points[i]!, line.points[(i + 1) % n]!];
}

function onLine(line: FloorLine, p: Point): boolean {
  const half = line.width / 2;
  for (const [a, b] of segmentsOf(line)) if (distanceToSegment(p, a, b) <= half) return true;
  return false;
}

export const SIGN_COLOURS: Record<SignKind, string> = {
  stop: '#d32f2f',
  go: '#2e7d32',
  left: '#1565c0',
  right: '#1565c0',
};

/** What the floor shows at a point: its colour, topmost first (signs, lines, zones, the ring, the floor). */
export function floorColourAt(arena: Arena, p: Point): string {
  for (const sign of arena.signs) {
    if (Math.hypot(p.x - sign.x, p.y - sign.y) <= sign.radius) return SIGN_COLOURS[sign.kind];
  }
  for (const line of arena.lines) if (onLine(line, p)) return line.colour;
  for (const zone of arena.zones) {
    if (p.x >= zone.x && p.x <= zone.x + zone.width && p.y >= zone.y && p.y <= zone.y + zone.height)
      return zone.colour;
  }
  if (arena.ring) {
    const d = Math.hypot(p.x - arena.ring.x, p.y - arena.ring.y);
    if (d <= arena.ring.radius - arena.ring.edge) return LINE_COLOUR;
    if (d <= arena.ring.radius) return '#ffffff';
  }
  return arena.floor;
}

/** The colours a colour sensor tells apart (the arenas paint nothing else), and a typical shade of each. */
export const FLOOR_COLOUR_NAMES = {
  red: '#e53935',
  green: '#43a047',
  blue: '#1e88e5',
  yellow: '#fdd835',
  black: '#1d1d24',
  white: '#ffffff',
} as const;
export type FloorColourName = keyof typeof FLOOR_COLOUR_NAMES;

const rgbOf = (colour: string): [number, number, number] => {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** The name of the nearest of FLOOR_COLOUR_NAMES to a `#rrggbb` colour, as a colour sensor reports it. */
export function colourNameOf(colour: string): FloorColourName {
  const [r, g, b] = rgbOf(colour);
  let best: FloorColourName = 'white';
  let nearest = Infinity;
  for (const [name, shade] of Object.entries(FLOOR_COLOUR_NAMES) as [FloorColourName, string][]) {
    const [sr, sg, sb] = rgbOf(shade);
    const d = (r - sr) ** 2 + (g - sg) ** 2 + (b - sb) ** 2;
    if (d < nearest) {
      nearest = d;
      best = name;
    }
  }
  return best;
}

/** Brightness 0 (black) … 1 (white) of a `#rrggbb` colour, as a light sensor sees it. */
export function brightness(colour: string): number {
  const [r, g, b] = rgbOf(colour);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}
