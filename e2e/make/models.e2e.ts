/**
 * The student's own models as blocks (issue 26): a two-class image model trained in the image trainer (one
 * class recorded from the fake camera, which shows a face; one from screenshots), "Use in a program" opens a
 * starter project, and on Run the sprite says the label the model gives the camera's picture; the same model
 * then classifies a costume (a picture like its "Screen" samples) without opening the camera. A project whose
 * model is not in this browser says so and runs the rest of its blocks. A sign reader for the robot (issue 27):
 * "Stop" and "Road" recorded from the robot world's robot camera in the image trainer (`?source=robot`, no
 * webcam opened), "Use in a program" → "Robot: stop at the stop sign", and on Run the robot drives the traffic
 * town's road and stands still with its LED red in front of the stop sign, then drives on past it. The fence
 * fails any request that leaves this machine (the backbone comes from our origin).
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { cameraTrackStates, recordCameraStreams } from '../support/camera.ts';
import { fakeCameraArgs, makeFaceFixtures } from '../support/face-video.ts';
import { setupE2E } from '../support/harness.ts';
import { classCard, sampleCount, screenshotCrops, trainFaceScreenModel } from '../support/image-trainer.ts';
import { sessionUid } from '../support/model-train.ts';
import { productApi } from '../support/product-api.ts';
import { signIn } from '../support/sign-in.ts';
import type { MakeProject, MakeProjectList } from '@ai-edu/contract';
import { openProgram, workspaceOf } from './workspaces.ts';
import { eventually, pageHeading, visible } from '../support/ui.ts';

const SLOW_MS = 90_000;
const TEST_MS = 300_000;

const e2e = setupE2E({
  browser: async () => {
    const fixtures = await makeFaceFixtures(path.join(os.tmpdir(), `make-models-e2e-${process.pid}`));
    return { args: fakeCameraArgs(fixtures.video) };
  },
});

let student: TestAccount;
beforeAll(async () => {
  student = await createUser(e2e.dataDir, {
    account: 'models.student@example.com',
    password: 'Models1pass',
    vip: 1,
  });
});

const stageCanvas = (page: Page) => page.locator('canvas.make-stage-canvas');
const RED = '#ff3b30';
const GREEN = '#34c759';

/** The robot world's map in the trainer: a click at (x, y) metres puts the robot there, facing along the road. */
async function placeRobot(page: Page, x: number, y: number, compass: number): Promise<void> {
  const map = page.getByRole('img', { name: /from above, with the robot/ });
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: (x / 2.4) * box.width, y: (y / 1.6) * box.height } });
  await eventually(
    async () => [
      Number(await map.getAttribute('data-robot-x')),
      Number(await map.getAttribute('data-robot-y')),
      Number(await map.getAttribute('data-compass')),
    ],
    ([cmX, cmY, facing]) => {
      // Where the click landed, to a pixel (0.7 cm on this map).
      expect(Math.abs(cmX! - x * 100)).toBeLessThan(1.5);
      expect(Math.abs(cmY! - y * 100)).toBeLessThan(1.5);
      expect(facing).toBe(compass);
    },
  );
}

/**
 * Holds a class's record button until it has `more` samples more (each is what the robot's camera shows now);
 * resolves with how many it has then.
 */
async function recordRobotView(page: Page, name: string, more: number): Promise<number> {
  const count = () => sampleCount(page, name);
  const before = await count();
  await classCard(page, name).locator('button:not([disabled])', { hasText: 'Hold to record' }).hover();
  await page.mouse.down();
  const after = await eventually(count, (n) => expect(n).toBeGreaterThanOrEqual(before + more), SLOW_MS);
  await page.mouse.up();
  return after;
}

/** The robot's place (cm), LED and physics steps, from the robot stage's data-* attributes. */
async function robotState(page: Page) {
  const canvas = page.locator('canvas.make-robot-canvas');
  const [x, y, led, steps] = await Promise.all(
    ['data-robot-x', 'data-robot-y', 'data-led', 'data-steps'].map((name) => canvas.getAttribute(name)),
  );
  return { x: Number(x), y: Number(y), led, steps: Number(steps) };
}
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('model blocks', () => {
  it(
    'uses a model trained in the image trainer in a program that reacts to the camera',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await recordCameraStreams(page);
      await signIn(page, student, { path: '/ailab/trainImage', timeout: SLOW_MS });
      await visible(button(page, 'Use in a program'), SLOW_MS);
      // "Use in a program" waits for a trained model.
      await expect(button(page, 'Use in a program').isDisabled()).resolves.toBe(true);
      await trainFaceScreenModel(page, SLOW_MS);
      await button(page, 'Use in a program').click();

      // The studio opens a new project named after the model, with its starter.
      await page.waitForURL((url) => url.pathname === '/make' && !url.searchParams.has('model'));
      await visible(pageHeading(page, 'Make'));
      await eventually(
        () => page.getByLabel('Project name').inputValue(),
        (value) => expect(value).toBe('Face / Screen'),
        SLOW_MS,
      );
      await visible(page.locator('.blocklyBlockCanvas .blocklyDraggable').first());

      await button(page, 'Run').click();
      const view = page.getByRole('region', { name: 'What the models see' });
      await visible(view.getByText(/^Face \/ Screen sees (Face|Screen) \(\d+%\)/), SLOW_MS);
      // The hat for the camera's label ran: the sprite says it.
      await eventually(
        () => stageCanvas(page).getAttribute('data-sprite-says'),
        (says) => expect(says).toBe('Face'),
        SLOW_MS,
      );
      await visible(view.getByRole('link', { name: 'How does Face / Screen work?' }));
      await eventually(
        async () => Number(await view.locator('.make-model-rate').getAttribute('data-rate')),
        (rate) => expect(rate).toBeGreaterThan(0),
      );

      // Stop ends the camera the program opened (the trainer's was ended when it was left).
      await button(page, 'Stop').click();
      await eventually(
        () => cameraTrackStates(page),
        (streams) => expect(streams.flat().every((state) => state === 'ended')).toBe(true),
      );
      await expect(view.count()).resolves.toBe(0);

      // The Models category now offers the model's blocks.
      await page.getByRole('treeitem', { name: 'My models' }).click();
      await visible(page.locator('.blocklyFlyout .blocklyText').getByText('Face / Screen').first());

      // The same model looks at the sprite's costume, a picture like its "Screen" samples, without the camera.
      await button(page, 'Costumes').click();
      const panel = page.locator('#make-costumes');
      const [crop] = await screenshotCrops(page);
      await panel
        .getByLabel('Choose a picture file (PNG, JPEG, WebP or GIF, at most 2 MB)')
        .setInputFiles(crop!);
      const costume = await panel.locator('li.make-costume').getAttribute('data-costume');
      expect(costume).toMatch(/^asset:\d+$/);
      const uid = await sessionUid(page);
      const { projects } = await productApi<MakeProjectList>(e2e.baseUrl, uid, 'GET', '/api/make/projects');
      const project = projects.find((p) => p.name === 'Face / Screen')!;
      const { workspace } = await productApi<MakeProject>(
        e2e.baseUrl,
        uid,
        'GET',
        `/api/make/projects/${project.id}`,
      );
      const model = JSON.parse(/"model":(\{[^}]*\})/.exec(JSON.stringify(workspace))![1]!) as object;
      const program = workspaceOf({
        type: 'sprite_set_costume',
        x: 40,
        y: 40,
        fields: { COSTUME: costume },
        next: {
          block: {
            type: 'sprite_say',
            inputs: { TEXT: { block: { type: 'model_classify_costume', extraState: { model } } } },
          },
        },
      });
      await productApi(e2e.baseUrl, uid, 'PATCH', `/api/make/projects/${project.id}`, { workspace: program });
      await page.reload();
      await visible(page.locator('.blocklyBlockCanvas text', { hasText: 'label of the costume' }));
      await button(page, 'Run').click();
      await visible(page.locator('.make-run-state').getByText('Finished.'), SLOW_MS);
      expect(await stageCanvas(page).getAttribute('data-sprite-says')).toBe('Screen');
      // No camera was opened for it (the page's streams are recorded again since the reload).
      await expect(cameraTrackStates(page)).resolves.toEqual([]);
    },
    TEST_MS,
  );

  it(
    'reads signs through the robot’s camera: trained on the robot’s view, it stops the robot at the stop sign',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await recordCameraStreams(page);
      await signIn(page, student, { path: '/ailab/trainImage?source=robot', timeout: SLOW_MS });
      await visible(page.getByRole('img', { name: /from above, with the robot/ }), SLOW_MS);
      await expect(page.getByRole('radio', { name: 'Robot’s camera' }).isChecked()).resolves.toBe(true);
      // The sign reader's classes are there already.
      await visible(page.getByRole('region', { name: 'Stop', exact: true }));
      // The traffic town's first stop sign is at (2.05 m, 0.8 m) on the road going south: the robot, put on
      // the straight road before it, faces it (compass 180) and its camera sees it 20 to 30 cm ahead.
      for (const y of [0.52, 0.55, 0.58, 0.61]) {
        await placeRobot(page, 2.05, y, 180);
        await recordRobotView(page, 'Stop', 3);
      }
      // Plain road, on each side of the town.
      for (const [x, y, compass] of [
        [0.7, 0.3, 90],
        [1.4, 0.3, 90],
        [2.05, 1.05, 180],
        [0.8, 1.3, 270],
      ] as const) {
        await placeRobot(page, x, y, compass);
        await recordRobotView(page, 'Road', 3);
      }
      await page.getByRole('button', { name: 'Train model' }).click();
      await page.getByTestId('train-done').waitFor({ timeout: SLOW_MS });
      // Live from the robot's camera: it stands before the plain road now.
      await visible(page.getByText('Live from the robot’s camera'));
      await button(page, 'Use in a program').click();

      // The studio offers the sign reader for a model with a "Stop" label.
      await page
        .getByRole('region', { name: 'Start a program with “Road / Stop”' })
        .waitFor({ timeout: SLOW_MS });
      await button(page, 'Robot: stop at the stop sign').click();
      await visible(
        page.locator('.blocklyBlockCanvas text', { hasText: 'label of the robot’s camera' }),
        SLOW_MS,
      );
      await button(page, 'Run').click();
      const output = page.getByRole('log', { name: 'What the program printed' });
      await visible(output.getByText('I follow the road and stop when my camera sees “Stop”.'), SLOW_MS);

      // It stops on the road going south, before the sign (its camera sees 4 to 40 cm ahead), LED red…
      const stopped = await eventually(
        () => robotState(page),
        (state) => expect(state.led).toBe(RED),
        SLOW_MS,
      );
      expect(Math.abs(stopped.x - 205)).toBeLessThan(8);
      expect(stopped.y).toBeGreaterThan(35);
      expect(stopped.y).toBeLessThan(80);
      await visible(output.getByText('“Stop”: I stop and wait 3 seconds.'));
      // …and stands still while the world goes on (a third of a second of physics later, still red, same
      // place: driving, it would have gone 6 cm)…
      const still = await eventually(
        () => robotState(page),
        (state) => expect(state.steps).toBeGreaterThan(stopped.steps + 20),
      );
      expect(still.led).toBe(RED);
      expect(Math.hypot(still.x - stopped.x, still.y - stopped.y)).toBeLessThanOrEqual(1);
      // …then drives on, green, past the sign.
      await eventually(
        () => robotState(page),
        (state) => {
          expect(state.led).toBe(GREEN);
          expect(state.y).toBeGreaterThan(90);
        },
        SLOW_MS,
      );
      await button(page, 'Stop').click();
      // Only the robot world's camera was used: no webcam opened on either page.
      await expect(cameraTrackStates(page)).resolves.toEqual([]);
    },
    TEST_MS,
  );

  it('says when a project’s model is not in this browser, and runs the rest of the program', async () => {
    const page = await e2e.newPage({ permissions: ['camera'] });
    await signIn(page, student, { path: '/make' });
    await visible(pageHeading(page, 'Make'));
    const model = { id: 'not-here', name: 'Old model', labels: ['Yes', 'No'], lab: 'trainImage' };
    const workspace = {
      blocks: {
        languageVersion: 0,
        blocks: [
          {
            type: 'event_when_run',
            x: 40,
            y: 40,
            next: {
              block: {
                type: 'sprite_say',
                inputs: { TEXT: { block: { type: 'model_label', extraState: { model } } } },
                next: {
                  block: {
                    type: 'text_print',
                    inputs: { TEXT: { shadow: { type: 'text', fields: { TEXT: 'still running' } } } },
                  },
                },
              },
            },
          },
        ],
      },
    };
    await openProgram(page, 'old model', workspace);
    await button(page, 'Run').click();
    // The printed lines are drawn on the canvas; the screen-reader log holds them as text.
    const output = page.getByRole('log', { name: 'What the program printed' });
    await eventually(
      () => output.textContent(),
      (text) => {
        expect(text).toContain('The model “Old model” is not on this computer');
        expect(text).toContain('still running');
      },
      SLOW_MS,
    );
  });
});
