/**
 * Draws the robot world on a 2D canvas from above (issue 27): the arena's floor, lines, zones, ring and signs
 * (drawn once into a picture of their own, as they never move), then walls, crates and robots each frame. And
 * the robot's forward camera: what lies just ahead of it on the floor and in its way, turned so that ahead is
 * up — the picture an image model is shown. No image files: our own canvas code draws everything.
 */
import type { Arena, Pose, Sign } from './arenas.ts';
import { SIGN_COLOURS } from './arenas.ts';
import {
  ROBOT_LENGTH,
  ROBOT_WIDTH,
  SENSOR_AHEAD,
  SENSOR_SIDE,
  type RobotWorld,
  type SimRobot,
} from './robot-world.ts';

type Pen = CanvasRenderingContext2D;

/** Pixels a metre on the stage (a 2.4 × 1.6 m arena is 600 × 400). */
export const STAGE_SCALE = 250;
/** The camera looks at the floor from 4 cm to 40 cm ahead, 36 cm wide. */
export const CAMERA_NEAR = 0.04;
export const CAMERA_DEPTH = 0.36;
export const CAMERA_WIDTH = 0.36;

/** Robot colours, one each for up to four robots. */
export const ROBOT_COLOURS = ['#4f5bff', '#ff7a59', '#2bb673', '#b45cff'] as const;

function drawSign(g: Pen, sign: Sign): void {
  g.save();
  g.translate(sign.x, sign.y);
  g.fillStyle = SIGN_COLOURS[sign.kind];
  g.beginPath();
  if (sign.kind === 'stop') {
    // An octagon, as stop signs are everywhere.
    for (let i = 0; i < 8; i++) {
      const a = Math.PI / 8 + (i * Math.PI) / 4;
      g.lineTo(sign.radius * Math.cos(a), sign.radius * Math.sin(a));
    }
  } else g.arc(0, 0, sign.radius, 0, Math.PI * 2);
  g.closePath();
  g.fill();
  g.fillStyle = '#ffffff';
  g.strokeStyle = '#ffffff';
  g.lineWidth = sign.radius * 0.18;
  if (sign.kind === 'stop')
    g.fillRect(-sign.radius * 0.6, -sign.radius * 0.15, sign.radius * 1.2, sign.radius * 0.3);
  else if (sign.kind === 'go') {
    g.beginPath();
    g.moveTo(-sign.radius * 0.35, -sign.radius * 0.5);
    g.lineTo(sign.radius * 0.55, 0);
    g.lineTo(-sign.radius * 0.35, sign.radius * 0.5);
    g.closePath();
    g.fill();
  } else {
    const way = sign.kind === 'left' ? -1 : 1;
    g.beginPath();
    g.moveTo(-way * sign.radius * 0.5, 0);
    g.lineTo(way * sign.radius * 0.5, 0);
    g.moveTo(way * sign.radius * 0.15, -sign.radius * 0.35);
    g.lineTo(way * sign.radius * 0.5, 0);
    g.lineTo(way * sign.radius * 0.15, sign.radius * 0.35);
    g.stroke();
  }
  g.restore();
}

/** The floor: what never moves, in metres (the caller scales). */
export function drawFloor(g: Pen, arena: Arena): void {
  g.fillStyle = arena.floor;
  g.fillRect(0, 0, arena.width, arena.height);
  if (arena.ring) {
    const { x, y, radius, edge } = arena.ring;
    g.fillStyle = '#ffffff';
    g.beginPath();
    g.arc(x, y, radius, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#1d1d24';
    g.beginPath();
    g.arc(x, y, radius - edge, 0, Math.PI * 2);
    g.fill();
  }
  for (const zone of arena.zones) {
    g.fillStyle = zone.colour;
    g.fillRect(zone.x, zone.y, zone.width, zone.height);
  }
  for (const line of arena.lines) {
    g.strokeStyle = line.colour;
    g.lineWidth = line.width;
    g.lineJoin = 'round';
    g.beginPath();
    line.points.forEach((p, i) => (i === 0 ? g.moveTo(p.x, p.y) : g.lineTo(p.x, p.y)));
    if (line.closed) g.closePath();
    g.stroke();
  }
  for (const sign of arena.signs) drawSign(g, sign);
}

function drawRobot(g: Pen, robot: SimRobot, colour: string): void {
  const { x, y, heading } = robot.pose;
  g.save();
  g.translate(x, y);
  g.rotate(heading);
  // Wheels, the body, the pusher at the front, the LED, the two line sensors.
  g.fillStyle = '#1f1f3a';
  g.fillRect(-0.03, -ROBOT_WIDTH / 2 - 0.012, 0.06, 0.014);
  g.fillRect(-0.03, ROBOT_WIDTH / 2 - 0.002, 0.06, 0.014);
  g.fillStyle = colour;
  g.fillRect(-ROBOT_LENGTH / 2, -ROBOT_WIDTH / 2, ROBOT_LENGTH, ROBOT_WIDTH);
  g.fillStyle = '#3b3f56';
  g.fillRect(ROBOT_LENGTH / 2 - 0.012, -ROBOT_WIDTH / 2, 0.012, ROBOT_WIDTH);
  g.fillStyle = robot.led ?? '#d6d8e5';
  g.beginPath();
  g.arc(-0.02, 0, 0.016, 0, Math.PI * 2);
  g.fill();
  for (const [side, name] of [
    [-SENSOR_SIDE, 'lineLeft'],
    [SENSOR_SIDE, 'lineRight'],
  ] as const) {
    g.fillStyle = robot.read(name) ? '#ffb547' : '#8a8ea3';
    g.beginPath();
    g.arc(SENSOR_AHEAD, side, 0.007, 0, Math.PI * 2);
    g.fill();
  }
  g.restore();
}

/** What moves, over the floor: walls, crates, robots (and each robot's distance ray, faintly). */
export function drawBodies(g: Pen, world: RobotWorld): void {
  g.fillStyle = '#7d8196';
  for (const wall of world.arena.walls) g.fillRect(wall.x, wall.y, wall.width, wall.height);
  for (const crate of world.crates()) {
    g.save();
    g.translate(crate.x, crate.y);
    g.rotate(crate.heading);
    g.fillStyle = crate.colour;
    g.fillRect(-crate.size / 2, -crate.size / 2, crate.size, crate.size);
    g.strokeStyle = 'rgba(0,0,0,0.35)';
    g.lineWidth = 0.006;
    g.strokeRect(-crate.size / 2, -crate.size / 2, crate.size, crate.size);
    g.restore();
  }
  world.robots.forEach((robot, i) => drawRobot(g, robot, ROBOT_COLOURS[i % ROBOT_COLOURS.length]!));
}

/** The floor drawn once, at the stage's scale, to copy under each frame. */
export function floorPicture(arena: Arena, scale: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(arena.width * scale);
  canvas.height = Math.round(arena.height * scale);
  const g = canvas.getContext('2d');
  if (g) {
    g.scale(scale, scale);
    drawFloor(g, arena);
  }
  return canvas;
}

/** One frame of the stage: the floor picture, then everything that moves. */
export function drawWorld(g: Pen, world: RobotWorld, floor: CanvasImageSource, scale: number): void {
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.drawImage(floor, 0, 0);
  g.setTransform(scale, 0, 0, scale, 0, 0);
  drawBodies(g, world);
  g.setTransform(1, 0, 0, 1, 0, 0);
}

/**
 * The robot's forward camera into a square canvas of `side` pixels: the floor and bodies in the rectangle
 * ahead of it (CAMERA_NEAR…+CAMERA_DEPTH ahead, CAMERA_WIDTH wide), ahead up, as a downward-looking camera on
 * its mast sees them.
 */
export function drawCameraView(
  g: Pen,
  world: RobotWorld,
  robot: SimRobot,
  floor: CanvasImageSource,
  scale: number,
  side: number,
): void {
  const pose: Pose = robot.pose;
  const metres = side / Math.max(CAMERA_DEPTH, CAMERA_WIDTH);
  g.save();
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.fillStyle = '#7d8196';
  g.fillRect(0, 0, side, side);
  // The view's bottom middle is the nearest point; ahead is up: turn the world by −heading − 90°.
  g.translate(side / 2, side);
  g.scale(metres, metres);
  g.rotate(-pose.heading - Math.PI / 2);
  g.translate(
    -(pose.x + CAMERA_NEAR * Math.cos(pose.heading)),
    -(pose.y + CAMERA_NEAR * Math.sin(pose.heading)),
  );
  g.save();
  g.scale(1 / scale, 1 / scale);
  g.drawImage(floor, 0, 0);
  g.restore();
  drawBodies(g, world);
  g.restore();
}
