/**
 * The studio's built-in AI blocks (issue 26): with a fake camera playing a face video, a program that says
 * (number of faces) says 1, and the view under the stage counts the face; `speak "hello"` is spoken by the
 * voiceSynthesis lab's built-in voice (eSpeak NG on our own server) and the block under it runs after it; the
 * camera's picture is the stage's backdrop while a program that asks for it runs.
 * The models come from our origin; the harness's fence fails any request off this machine.
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { fakeCameraArgs, makeFaceFixtures } from '../support/face-video.ts';
import { setupE2E } from '../support/harness.ts';
import { forever, num, openProgram, txt, workspaceOf } from './workspaces.ts';
import { signIn } from '../support/sign-in.ts';
import { eventually, pageHeading, visible } from '../support/ui.ts';

/** Face models (WASM inference on a busy 2-core machine): generous waits, never timing asserts. */
const SLOW_MS = 90_000;
const TEST_MS = 240_000;

const e2e = setupE2E({
  browser: async () => {
    const fixtures = await makeFaceFixtures(path.join(os.tmpdir(), `builtin-e2e-${process.pid}`));
    return { args: fakeCameraArgs(fixtures.video) };
  },
});
let student: TestAccount;

beforeAll(async () => {
  student = await createUser(e2e.dataDir, {
    account: 'builtin.student@example.com',
    password: 'Builtin2pass',
    vip: 1,
  });
});

/** when Run clicked: forever go to x: (face x) y: (face y), say (number of faces). */
const COUNT_FACES = workspaceOf({
  type: 'event_when_run',
  id: 'run-hat',
  x: 40,
  y: 40,
  next: {
    block: forever({
      type: 'sprite_goto',
      id: 'goto',
      inputs: {
        X: { block: { type: 'ai_face_x', id: 'face-x' } },
        Y: { block: { type: 'ai_face_y', id: 'face-y' } },
      },
      next: {
        block: {
          type: 'sprite_say',
          id: 'say',
          inputs: { TEXT: { block: { type: 'ai_face_count', id: 'faces' } } },
        },
      },
    }),
  },
});

/** when Run clicked: speak "hello", then say "done". */
const SPEAK_HELLO = workspaceOf({
  type: 'event_when_run',
  id: 'run-hat',
  x: 40,
  y: 40,
  next: {
    block: {
      type: 'ai_speak',
      id: 'speak',
      inputs: { TEXT: txt('hello', 'hello') },
      next: { block: { type: 'sprite_say', id: 'say', inputs: { TEXT: txt('done', 'done') } } },
    },
  },
});

/** when Run clicked: switch backdrop to the camera's picture, then forever wait 1 second (the run goes on). */
const CAMERA_BACKDROP = workspaceOf({
  type: 'event_when_run',
  id: 'run-hat',
  x: 40,
  y: 40,
  next: {
    block: {
      type: 'stage_set_backdrop',
      id: 'backdrop',
      fields: { BACKDROP: 'camera' },
      next: { block: forever({ type: 'control_wait', id: 'wait', inputs: { SECONDS: num('one', 1) } }) },
    },
  },
});

const stageCanvas = (page: Page) => page.locator('canvas.make-stage-canvas');
const runState = (page: Page) => page.locator('.make-run-state');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Stop ends the run, and the camera goes with it: the view under the stage is gone. */
async function stopAndSeeTheCameraGo(page: Page): Promise<void> {
  await button(page, 'Stop').click();
  await visible(runState(page).getByText('Stopped.'));
  await eventually(
    () => page.locator('.make-models').count(),
    (count) => expect(count).toBe(0),
  );
}

async function openStudioWith(page: Page, name: string, workspace: object): Promise<void> {
  await signIn(page, student, { path: '/make' });
  await visible(pageHeading(page, 'Make'));
  await openProgram(page, name, workspace);
}

describe('built-in AI blocks', () => {
  it(
    'says the number of faces the camera sees, goes to the face, and the view under the stage counts it',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await openStudioWith(page, 'count faces', COUNT_FACES);

      await button(page, 'Run').click();
      await eventually(
        () => stageCanvas(page).getAttribute('data-sprite-says'),
        (says) => expect(says).toBe('1'),
        SLOW_MS,
      );
      const faces = page.locator('.make-models [data-detector="face"]');
      await eventually(
        () => faces.getAttribute('data-count'),
        (count) => expect(count).toBe('1'),
      );
      // The sprite went to the face just before it said so. The video's face is in the middle of the frame
      // (drifting 12 of its 640 pixels): the middle of the stage, give or take the detector's box.
      for (const axis of ['x', 'y']) {
        const at = Number(await stageCanvas(page).getAttribute(`data-sprite-${axis}`));
        expect(Math.abs(at), axis).toBeLessThanOrEqual(40);
      }
      expect(await faces.getByRole('link').getAttribute('href')).toBe('/ailab/faceAnalyze');
      await stopAndSeeTheCameraGo(page);
    },
    TEST_MS,
  );

  it(
    'shows the camera behind the sprite while a program that makes it the backdrop runs',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await openStudioWith(page, 'camera backdrop', CAMERA_BACKDROP);
      await eventually(
        () => stageCanvas(page).getAttribute('data-backdrop'),
        (backdrop) => expect(backdrop).toBe('white'),
      );

      await button(page, 'Run').click();
      // The run's one camera opens for the backdrop alone (no model, no detector) and the stage draws it.
      await eventually(
        async () => ({
          backdrop: await stageCanvas(page).getAttribute('data-backdrop'),
          frames: Number(await stageCanvas(page).getAttribute('data-camera-frames')),
        }),
        (stage) => {
          expect(stage.backdrop).toBe('camera');
          expect(stage.frames).toBeGreaterThan(0);
        },
        SLOW_MS,
      );
      await stopAndSeeTheCameraGo(page);
    },
    TEST_MS,
  );

  it(
    'speaks "hello" with the built-in voice, then runs the next block',
    async () => {
      const page = await e2e.newPage();
      await openStudioWith(page, 'speak hello', SPEAK_HELLO);
      // The AI category lists the built-in blocks.
      await page.getByRole('treeitem', { name: 'AI', exact: true }).click();
      await visible(page.locator('.blocklyFlyout').getByText('number of faces', { exact: true }));
      const spoken: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/tts/espeak') spoken.push(response.status());
      });

      await button(page, 'Run').click();
      await visible(runState(page).getByText('Finished.'), SLOW_MS);
      expect(await stageCanvas(page).getAttribute('data-sprite-says')).toBe('done');
      expect(spoken).toEqual([200]);
      // Nothing went wrong on the way: no line about the voice on the stage.
      expect(await page.getByText(/could not speak/).count()).toBe(0);
    },
    TEST_MS,
  );
});
