/**
 * Draws the game world (sky, parallax city and bushes, pipes, ground, birds, score) in world coordinates
 * (`FLAPPY.WIDTH × FLAPPY.HEIGHT`). All art is drawn in code; nothing is loaded.
 */
import { FLAPPY, type Pipe } from '@ai-edu/ml/flappy/index.ts';
import { FONT } from './canvas.ts';

export interface SceneBird {
  y: number;
  vy: number;
  alive: boolean;
  /** 0–360: body colour of a bird of the flock; undefined = the classic yellow bird. */
  hue?: number;
  /** Drawn on top, opaque, with a halo. */
  leader?: boolean;
}

export interface Scene {
  /** Scrolled distance (px): drives the parallax. */
  distance: number;
  /** Animation clock in steps (wings, bobbing). */
  clock: number;
  pipes: readonly Pipe[];
  birds: readonly SceneBird[];
  /** Big number at the top; null hides it. */
  score: number | null;
  /** 0–1: white flash after a crash. */
  flash: number;
}

const W = FLAPPY.WIDTH;
const H = FLAPPY.HEIGHT;
const GROUND = FLAPPY.GROUND_Y;

/** Positive modulo: where a repeating pattern of period p starts for a scroll offset. */
const wrap = (x: number, p: number) => ((x % p) + p) % p;

let skyCache: { ctx: CanvasRenderingContext2D; sky: CanvasGradient } | null = null;

function drawSky(ctx: CanvasRenderingContext2D): void {
  if (skyCache?.ctx !== ctx) {
    const sky = ctx.createLinearGradient(0, 0, 0, GROUND);
    sky.addColorStop(0, '#4fb8e8');
    sky.addColorStop(0.65, '#9fdcf2');
    sky.addColorStop(1, '#d9f3f7');
    skyCache = { ctx, sky };
  }
  ctx.fillStyle = skyCache.sky;
  ctx.fillRect(0, 0, W, GROUND);
  // Sun with a soft glow.
  const glow = ctx.createRadialGradient(350, 92, 10, 350, 92, 90);
  glow.addColorStop(0, 'rgba(255, 250, 210, 0.95)');
  glow.addColorStop(0.3, 'rgba(255, 244, 190, 0.5)');
  glow.addColorStop(1, 'rgba(255, 244, 190, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(250, 0, 190, 190);
  ctx.fillStyle = '#fff6c8';
  ctx.beginPath();
  ctx.arc(350, 92, 26, 0, Math.PI * 2);
  ctx.fill();
}

const CLOUDS = [
  { x: 40, y: 70, s: 1 },
  { x: 230, y: 130, s: 0.7 },
  { x: 380, y: 50, s: 0.85 },
  { x: 520, y: 160, s: 0.6 },
];

function drawClouds(ctx: CanvasRenderingContext2D, distance: number): void {
  const period = W + 200;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  for (const c of CLOUDS) {
    const x = wrap(c.x - distance * 0.12, period) - 100;
    const s = c.s;
    ctx.beginPath();
    ctx.arc(x, c.y, 22 * s, 0, Math.PI * 2);
    ctx.arc(x + 26 * s, c.y - 12 * s, 26 * s, 0, Math.PI * 2);
    ctx.arc(x + 56 * s, c.y - 2 * s, 20 * s, 0, Math.PI * 2);
    ctx.arc(x + 34 * s, c.y + 8 * s, 20 * s, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** One period of the skyline: [x, width, height] of each building. */
const BUILDINGS: [number, number, number][] = [
  [0, 34, 70],
  [30, 26, 104],
  [54, 40, 58],
  [92, 22, 124],
  [112, 36, 84],
  [146, 30, 110],
  [174, 44, 66],
  [216, 26, 96],
  [240, 38, 76],
];
const SKYLINE_PERIOD = 280;

function drawCity(ctx: CanvasRenderingContext2D, distance: number): void {
  const offset = wrap(distance * 0.25, SKYLINE_PERIOD);
  const base = GROUND - 34;
  for (let start = -offset; start < W; start += SKYLINE_PERIOD) {
    for (const [bx, bw, bh] of BUILDINGS) {
      const x = start + bx;
      ctx.fillStyle = '#b9e4e3';
      ctx.fillRect(x, base - bh, bw, bh + 34);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
      for (let wy = base - bh + 10; wy < base - 6; wy += 16) {
        for (let wx = x + 6; wx < x + bw - 8; wx += 11) ctx.fillRect(wx, wy, 5, 7);
      }
    }
  }
}

function drawBushes(ctx: CanvasRenderingContext2D, distance: number): void {
  const period = 96;
  const offset = wrap(distance * 0.5, period);
  ctx.fillStyle = '#86d36b';
  ctx.beginPath();
  for (let x = -offset - period; x < W + period; x += period) {
    ctx.moveTo(x, GROUND);
    ctx.arc(x + 24, GROUND - 6, 26, Math.PI, 0);
    ctx.arc(x + 62, GROUND - 2, 34, Math.PI, 0);
  }
  ctx.fill();
  ctx.fillStyle = '#6cc155';
  ctx.fillRect(0, GROUND - 10, W, 10);
}

function pipeGradient(ctx: CanvasRenderingContext2D, x0: number, width: number): CanvasGradient {
  const g = ctx.createLinearGradient(x0, 0, x0 + width, 0);
  g.addColorStop(0, '#4f9a22');
  g.addColorStop(0.18, '#8fdc4e');
  g.addColorStop(0.32, '#b5ef72');
  g.addColorStop(0.55, '#74c236');
  g.addColorStop(1, '#3f7d1a');
  return g;
}

function drawPipe(ctx: CanvasRenderingContext2D, pipe: Pipe): void {
  const x = Math.round(pipe.x);
  const w = FLAPPY.PIPE_WIDTH;
  const top = pipe.gapY - FLAPPY.PIPE_GAP / 2;
  const bottom = pipe.gapY + FLAPPY.PIPE_GAP / 2;
  const lip = 5;
  const capH = 26;
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = '#2c5512';
  // Bodies.
  ctx.fillStyle = pipeGradient(ctx, x, w);
  ctx.fillRect(x, -4, w, top - capH + 4);
  ctx.strokeRect(x, -4, w, top - capH + 4);
  ctx.fillRect(x, bottom + capH, w, GROUND - bottom - capH);
  ctx.strokeRect(x, bottom + capH, w, GROUND - bottom - capH + 4);
  // Caps, a little wider than the body.
  ctx.fillStyle = pipeGradient(ctx, x - lip, w + 2 * lip);
  for (const y of [top - capH, bottom]) {
    ctx.fillRect(x - lip, y, w + 2 * lip, capH);
    ctx.strokeRect(x - lip, y, w + 2 * lip, capH);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.25)';
    ctx.fillRect(x - lip + 4, y + 4, w + 2 * lip - 8, 4);
    ctx.fillStyle = pipeGradient(ctx, x - lip, w + 2 * lip);
  }
}

function drawGround(ctx: CanvasRenderingContext2D, distance: number): void {
  ctx.fillStyle = '#e2d796';
  ctx.fillRect(0, GROUND, W, H - GROUND);
  // Grass band with stripes that scroll with the pipes.
  const band = 16;
  ctx.fillStyle = '#7dd33f';
  ctx.fillRect(0, GROUND, W, band);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, GROUND, W, band);
  ctx.clip();
  ctx.fillStyle = '#63b52b';
  const period = 24;
  const offset = wrap(distance, period);
  for (let x = -offset - period; x < W + period; x += period) {
    ctx.beginPath();
    ctx.moveTo(x, GROUND + band);
    ctx.lineTo(x + 12, GROUND);
    ctx.lineTo(x + 24, GROUND);
    ctx.lineTo(x + 12, GROUND + band);
    ctx.fill();
  }
  ctx.restore();
  ctx.fillStyle = '#4c8f22';
  ctx.fillRect(0, GROUND, W, 3);
  ctx.fillStyle = '#c9bc73';
  ctx.fillRect(0, GROUND + band, W, 4);
  // Pebbles in the sand.
  ctx.fillStyle = 'rgba(160, 140, 70, 0.35)';
  const pebbleOffset = wrap(distance, 60);
  for (let x = -pebbleOffset; x < W + 60; x += 60) {
    ctx.fillRect(x + 10, GROUND + 34, 6, 3);
    ctx.fillRect(x + 38, GROUND + 52, 4, 3);
  }
}

interface Palette {
  body: string;
  belly: string;
  wing: string;
  outline: string;
}

const CLASSIC: Palette = { body: '#ffd43b', belly: '#ffa62b', wing: '#fff4c2', outline: '#4a3000' };

function paletteFor(hue: number | undefined): Palette {
  if (hue === undefined) return CLASSIC;
  return {
    body: `hsl(${hue}, 80%, 62%)`,
    belly: `hsl(${(hue + 20) % 360}, 85%, 52%)`,
    wing: `hsl(${hue}, 90%, 88%)`,
    outline: `hsl(${hue}, 60%, 22%)`,
  };
}

/** One bird at (x, y), tilted by its vertical speed: nose up when rising, diving when falling fast. */
export function drawBird(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  vy: number,
  clock: number,
  palette: Palette,
  alive: boolean,
): void {
  const angle = Math.max(-0.45, Math.min(1.2, vy * 0.075));
  // Wings beat fast just after a flap, slowly while gliding, and stop when the bird has crashed.
  const wing = alive ? Math.sin(clock * (vy < 0 ? 0.9 : 0.35)) : 0.3;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.lineWidth = 2;
  ctx.strokeStyle = palette.outline;
  // Body.
  ctx.fillStyle = palette.body;
  ctx.beginPath();
  ctx.ellipse(0, 0, 17, 13.5, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  // Belly.
  ctx.save();
  ctx.beginPath();
  ctx.ellipse(0, 0, 16, 12.5, 0, 0, Math.PI * 2);
  ctx.clip();
  ctx.fillStyle = palette.belly;
  ctx.beginPath();
  ctx.ellipse(2, 10, 14, 8, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // Eye.
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(7, -5, 6, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#1b1b1b';
  ctx.beginPath();
  ctx.arc(9, -5, 2.6, 0, Math.PI * 2);
  ctx.fill();
  // Beak: upper and lower half.
  ctx.fillStyle = '#ff7a1a';
  ctx.beginPath();
  ctx.moveTo(10, 0);
  ctx.quadraticCurveTo(24, -1, 25, 3);
  ctx.lineTo(11, 4);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#e4500e';
  ctx.beginPath();
  ctx.moveTo(11, 4);
  ctx.lineTo(23, 4);
  ctx.quadraticCurveTo(20, 9, 11, 8);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // Wing.
  ctx.save();
  ctx.translate(-6, 2);
  ctx.rotate(-wing * 0.7);
  ctx.fillStyle = palette.wing;
  ctx.beginPath();
  ctx.ellipse(-2, 0, 9, 6, -0.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  ctx.restore();
}

function drawScore(ctx: CanvasRenderingContext2D, score: number): void {
  ctx.save();
  ctx.font = `800 52px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 8;
  ctx.strokeStyle = '#3b2a12';
  ctx.strokeText(String(score), W / 2, 36);
  ctx.fillStyle = '#fff';
  ctx.fillText(String(score), W / 2, 36);
  ctx.restore();
}

/** The whole frame. `ctx` must map world coordinates onto the canvas. */
export function drawScene(ctx: CanvasRenderingContext2D, scene: Scene): void {
  drawSky(ctx);
  drawClouds(ctx, scene.distance);
  drawCity(ctx, scene.distance);
  drawBushes(ctx, scene.distance);
  for (const pipe of scene.pipes) drawPipe(ctx, pipe);
  drawGround(ctx, scene.distance);

  let leader: SceneBird | undefined;
  ctx.save();
  ctx.globalAlpha = scene.birds.length > 1 ? 0.5 : 1;
  for (const bird of scene.birds) {
    if (bird.leader) leader = bird;
    else if (bird.alive || scene.birds.length === 1) {
      drawBird(ctx, FLAPPY.BIRD_X, bird.y, bird.vy, scene.clock, paletteFor(bird.hue), bird.alive);
    }
  }
  ctx.restore();
  if (leader) {
    const halo = ctx.createRadialGradient(FLAPPY.BIRD_X, leader.y, 8, FLAPPY.BIRD_X, leader.y, 34);
    halo.addColorStop(0, 'rgba(255, 255, 255, 0.85)');
    halo.addColorStop(1, 'rgba(255, 255, 255, 0)');
    ctx.fillStyle = halo;
    ctx.beginPath();
    ctx.arc(FLAPPY.BIRD_X, leader.y, 34, 0, Math.PI * 2);
    ctx.fill();
    drawBird(ctx, FLAPPY.BIRD_X, leader.y, leader.vy, scene.clock, CLASSIC, leader.alive);
  }

  if (scene.score !== null) drawScore(ctx, scene.score);
  if (scene.flash > 0) {
    ctx.fillStyle = `rgba(255, 255, 255, ${scene.flash * 0.8})`;
    ctx.fillRect(0, 0, W, H);
  }
}
