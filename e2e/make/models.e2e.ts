/**
 * The student's own models as blocks (issue 26): a two-class image model trained in the image trainer (one
 * class recorded from the fake camera, which shows a face; one from screenshots), "Use in a program" opens a
 * starter project, and on Run the sprite says the label the model gives the camera's picture; the same model
 * then classifies a costume (a picture like its "Screen" samples) without opening the camera. A project whose
 * model is not in this browser says so and runs the rest of its blocks. The fence fails any request that
 * leaves this machine (the backbone comes from our origin).
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { cameraTrackStates, recordCameraStreams } from '../support/camera.ts';
import { fakeCameraArgs, makeFaceFixtures } from '../support/face-video.ts';
import { setupE2E } from '../support/harness.ts';
import { screenshotCrops, trainFaceScreenModel } from '../support/image-trainer.ts';
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
