/**
 * Draws the value map on a canvas: every floor square coloured by V = max Q, an arrow for the best move in
 * each square the robot has tried, the best way it knows as a dotted line, the current try's trail, the goal
 * and the robot.
 */
import type { MazeSession } from './maze-session.ts';
import { normalise, scaleColour, textColourOn, valueRange } from './value-colours.ts';

/** The canvas is this many pixels on its longer side, whatever the maze's size. */
export const MAZE_CANVAS = 420;

export function cellSize(session: MazeSession): number {
  return Math.floor(MAZE_CANVAS / Math.max(session.maze.width, session.maze.height));
}

/** Arrow directions for up, right, down, left, as unit vectors in canvas coordinates. */
const ARROWS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];

function centre(session: MazeSession, cell: number, size: number): [number, number] {
  const { width } = session.maze;
  return [(cell % width) * size + size / 2, Math.floor(cell / width) * size + size / 2];
}

function drawArrow(ctx: CanvasRenderingContext2D, x: number, y: number, action: number, size: number): void {
  const [dx, dy] = ARROWS[action]!;
  const len = size * 0.28;
  const head = size * 0.12;
  const [tx, ty] = [x + dx * len, y + dy * len];
  ctx.beginPath();
  ctx.moveTo(x - dx * len, y - dy * len);
  ctx.lineTo(tx, ty);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(tx + dx * head * 0.4, ty + dy * head * 0.4);
  ctx.lineTo(tx - dx * head + dy * head, ty - dy * head - dx * head);
  ctx.lineTo(tx - dx * head - dy * head, ty - dy * head + dx * head);
  ctx.closePath();
  ctx.fill();
}

function drawRobot(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  const r = size * 0.3;
  ctx.fillStyle = '#ff7a59';
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.roundRect(x - r, y - r * 0.85, 2 * r, 1.7 * r, r * 0.4);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  for (const ex of [-0.4, 0.4]) {
    ctx.beginPath();
    ctx.arc(x + ex * r, y - r * 0.15, r * 0.22, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawGoal(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  const r = size * 0.32;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const radius = i % 2 === 0 ? r : r * 0.45;
    ctx.lineTo(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
  }
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = '#1f1f3a';
  ctx.lineWidth = 2;
  ctx.stroke();
}

export function drawMaze(ctx: CanvasRenderingContext2D, session: MazeSession, showNumbers: boolean): void {
  const { maze, learner } = session;
  const size = cellSize(session);
  const cells = maze.width * maze.height;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);

  const floor: number[] = [];
  for (let cell = 0; cell < cells; cell++) if (!maze.walls[cell] && cell !== maze.goal) floor.push(cell);
  const [min, max] = valueRange(floor.filter((c) => session.visited(c)).map((c) => learner.value(c)));

  ctx.font = `600 ${Math.round(size * 0.2)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let cell = 0; cell < cells; cell++) {
    const x = (cell % maze.width) * size;
    const y = Math.floor(cell / maze.width) * size;
    if (maze.walls[cell]) {
      ctx.fillStyle = '#2b2d42';
      ctx.fillRect(x, y, size, size);
      continue;
    }
    if (cell === maze.goal) {
      ctx.fillStyle = '#52c41a';
      ctx.fillRect(x, y, size, size);
      continue;
    }
    const visited = session.visited(cell);
    const t = normalise(learner.value(cell), min, max);
    ctx.fillStyle = visited ? scaleColour(t) : '#e9ebf5';
    ctx.fillRect(x, y, size, size);
    if (!visited) continue;
    const ink = textColourOn(t);
    ctx.fillStyle = ink;
    ctx.strokeStyle = ink;
    ctx.lineWidth = 2;
    if (showNumbers) {
      ctx.fillText(learner.value(cell).toFixed(1), x + size / 2, y + size * 0.8);
      ctx.save();
      ctx.translate(0, -size * 0.12);
      drawArrow(ctx, x + size / 2, y + size / 2, learner.greedy(cell), size * 0.8);
      ctx.restore();
    } else {
      drawArrow(ctx, x + size / 2, y + size / 2, learner.greedy(cell), size);
    }
  }

  // Grid lines between squares.
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.35)';
  ctx.lineWidth = 1;
  for (let i = 1; i < Math.max(maze.width, maze.height); i++) {
    ctx.beginPath();
    ctx.moveTo(i * size, 0);
    ctx.lineTo(i * size, maze.height * size);
    ctx.moveTo(0, i * size);
    ctx.lineTo(maze.width * size, i * size);
    ctx.stroke();
  }

  // The current try's trail (faint) and the best way it knows now (dotted).
  const line = (path: number[], colour: string, width: number, dash: number[]) => {
    if (path.length < 2) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    path.forEach((cell, i) => {
      const [cx, cy] = centre(session, cell, size);
      if (i === 0) ctx.moveTo(cx, cy);
      else ctx.lineTo(cx, cy);
    });
    ctx.stroke();
    ctx.setLineDash([]);
  };
  line(session.trail.slice(-60), 'rgba(255, 122, 89, 0.55)', 3, []);
  const best = session.greedyPath();
  if (best.reachesGoal) line(best.path, 'rgba(255, 255, 255, 0.9)', 3, [4, 6]);

  const [sx, sy] = centre(session, maze.start, size);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 3;
  ctx.strokeRect(sx - size / 2 + 3, sy - size / 2 + 3, size - 6, size - 6);
  const [gx, gy] = centre(session, maze.goal, size);
  drawGoal(ctx, gx, gy, size);
  const [rx, ry] = centre(session, session.position, size);
  drawRobot(ctx, rx, ry, size);
}
