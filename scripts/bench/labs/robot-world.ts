/**
 * The robot world's budget (issue 27: 60 simulation steps a second with 4 robots, with and without the camera
 * rendering): lib/robot-world bundled with esbuild into a blank page of headless Chromium (no server, no
 * build needed), where four robots follow the line track's rule while the page steps the planck world and
 * draws the stage each step — then the same with each robot's forward camera drawn too (224 px, what an image
 * model is shown). Each row is the most steps a second the page keeps up, beside the 60 the world needs; and
 * the physics alone in Node.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { launchBrowser } from '../../../e2e/support/browser.ts';
import { repoRoot } from '../../../e2e/support/server.ts';
import { RobotWorld } from '../../../apps/web/src/lib/robot-world/robot-world.ts';

export const name = 'robot world (Chromium)';

const ROBOTS = 4;
const MEASURE_MS = 2000;
const TARGET = 60;

/** The page's code: the world, the drawing and a timed loop, as `window.robotBench(robots, camera, ms)`. */
const ENTRY = `
import { RobotWorld } from './apps/web/src/lib/robot-world/robot-world.ts';
import { drawCameraView, drawWorld, floorPicture, STAGE_SCALE } from './apps/web/src/lib/robot-world/world-drawing.ts';
window.robotBench = (robots, camera, ms) => {
  const world = new RobotWorld('line', robots);
  const stage = document.createElement('canvas');
  stage.width = 600;
  stage.height = 400;
  const g = stage.getContext('2d');
  const view = document.createElement('canvas');
  view.width = 224;
  view.height = 224;
  const v = view.getContext('2d');
  const floor = floorPicture(world.arena, STAGE_SCALE);
  const start = performance.now();
  let steps = 0;
  while (performance.now() - start < ms) {
    for (const robot of world.robots) {
      const left = robot.read('lineLeft');
      const right = robot.read('lineRight');
      robot.setMotors(left && !right ? 15 : 70, right && !left ? 15 : 70);
    }
    world.step();
    drawWorld(g, world, floor, STAGE_SCALE);
    if (camera) for (const robot of world.robots) drawCameraView(v, world, robot, floor, STAGE_SCALE, 224);
    // Reading a pixel waits for the canvas work the step asked for, as showing a frame would.
    g.getImageData(0, 0, 1, 1);
    if (camera) v.getImageData(0, 0, 1, 1);
    steps += 1;
  }
  return steps / ((performance.now() - start) / 1000);
};
`;

function nodeStepsPerSecond(ms: number): number {
  const world = new RobotWorld('line', ROBOTS);
  for (const robot of world.robots) robot.setMotors(70, 60);
  const start = performance.now();
  let steps = 0;
  while (performance.now() - start < ms) {
    world.step();
    steps += 1;
  }
  return steps / ((performance.now() - start) / 1000);
}

export async function run() {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: repoRoot, sourcefile: 'robot-bench.ts', loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    absWorkingDir: path.resolve(repoRoot),
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  nodeStepsPerSecond(MEASURE_MS / 4); // warm-up: the JIT
  const node = nodeStepsPerSecond(MEASURE_MS);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>robot world bench</title>');
    await page.addScriptTag({ content: code });
    // Page code as text: this file compiles without the DOM library.
    const rate = (camera: boolean) =>
      page.evaluate<number>(`window.robotBench(${ROBOTS}, ${camera}, ${MEASURE_MS})`);
    await rate(false); // warm-up: the JIT and the canvas
    const plain = await rate(false);
    const camera = await rate(true);
    const ratio = (value: number) => `${(value / TARGET).toFixed(1)}× the ${TARGET} steps/s a world needs`;
    return [
      { label: `${ROBOTS} robots, step + draw the stage`, value: plain, unit: 'steps/s', note: ratio(plain) },
      {
        label: `${ROBOTS} robots, step + stage + ${ROBOTS} cameras`,
        value: camera,
        unit: 'steps/s',
        note: ratio(camera),
      },
      { label: `${ROBOTS} robots, physics only (Node)`, value: node, unit: 'steps/s', note: ratio(node) },
    ];
  } finally {
    await browser.close();
  }
}
