/**
 * "My ONNX models" on /modelTrain (spec §7 `onnx/upload`, `evaluation`): a file that is not ONNX is refused with
 * the server's own message on screen; a real ONNX model (built here with the ONNX helper's graph builder: the
 * mean colour of the picture decides red or blue) is uploaded, its metadata is listed, and it is evaluated in
 * the browser with onnxruntime-web on a project's test pictures: accuracy, the confusion matrix (whose cell
 * opens the one mislabelled picture), the record on the server and the two experience logs.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OnnxGraphBuilder } from '@ai-edu/ml/model-train/onnx/builder.ts';
import { seededRandom } from '@ai-edu/ml/random.ts';
import { createUser } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { encodePng, sessionUid, trainApi, type PngItem } from '../support/model-train.ts';
import { dialog, toastSeen, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();
const TEST_MS = 240_000;
const SIZE = 224;

/** image [1,S,S,3] → mean colour [1,3] → (R−B, B−R)/20 → softmax: `probabilities` [1,2] for red, blue. */
function colourClassifier(): Uint8Array {
  const g = new OnnxGraphBuilder('colour');
  const image = g.input('image', [1, SIZE, SIZE, 3]);
  const mean = g.node('ReduceMean', [image], { attrs: { axes: [1, 2], keepdims: 0 } });
  const weights = g.floats('w', [3, 2], Float32Array.from([1, -1, 0, 0, -1, 1]));
  const scores = g.node('MatMul', [mean, weights]);
  const scaled = g.node('Mul', [scores, g.scalar('scale', 0.05)]);
  const probabilities = g.node('Softmax', [scaled], { attrs: { axis: 1 } });
  g.output('probabilities', probabilities, [1, 2]);
  return g.encode({
    metadata: { labels: JSON.stringify(['red', 'blue']), task: 'cls', input_size: String(SIZE) },
  });
}

/** A noisy picture of one main colour (red or blue), 96×72 (the page crops the centre square). */
function colourPicture(colour: 'red' | 'blue', seed: number): Buffer {
  const rng = seededRandom(seed);
  const [w, h] = [96, 72];
  const rgba = new Uint8Array(w * h * 4);
  for (let p = 0; p < w * h; p++) {
    const strong = 150 + rng() * 100;
    const weak = rng() * 90;
    rgba.set([colour === 'red' ? strong : weak, rng() * 120, colour === 'red' ? weak : strong, 255], p * 4);
  }
  return encodePng(rgba, w, h);
}

describe('ONNX models', () => {
  it(
    'refuses a non-ONNX file with the server message, uploads a real one and evaluates it on a project',
    async () => {
      const account = await createUser(e2e.dataDir, {
        account: 'onnx.learner@example.com',
        password: 'Onnx2pass',
        vip: 1,
        days: 30,
      });
      const page = await e2e.newPage();
      const experienceLogs: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/log/experience')) {
          experienceLogs.push((JSON.parse(request.postData() ?? '{}') as { api_url?: string }).api_url ?? '');
        }
      });
      await signIn(page, account);
      const api = trainApi(e2e.baseUrl, await sessionUid(page));

      // A project whose pictures are all in the test split: 10 red, 10 blue, and one blue picture labelled red.
      const project = await api.createProject({ name: 'Colours', kind: 'cls', classes: ['red', 'blue'] });
      const items: PngItem[] = [];
      for (let i = 0; i < 10; i++) {
        for (const colour of ['red', 'blue'] as const) {
          items.push({
            fileName: `${colour}-${i}.png`,
            png: colourPicture(colour, i * 2 + (colour === 'red' ? 0 : 1)),
            width: 96,
            height: 72,
            label: colour,
            split: 'test',
          });
        }
      }
      items.push({
        fileName: 'odd-one.png',
        png: colourPicture('blue', 99),
        width: 96,
        height: 72,
        label: 'red',
        split: 'test',
      });
      await api.uploadImages(project.id, items);

      const dir = await mkdtemp(path.join(os.tmpdir(), 'onnx-e2e-'));
      const fake = path.join(dir, 'notes.onnx');
      const real = path.join(dir, 'colour-model.onnx');
      await writeFile(fake, 'these are my notes, not a model\n');
      await writeFile(real, colourClassifier());

      await page.goto('/modelTrain');
      const onnx = page.getByRole('region', { name: 'My ONNX models' });
      await visible(onnx.getByText('No ONNX models yet.'));
      const chooser = onnx.locator('input[type=file]');

      // Not ONNX: the server's message, as it said it.
      await chooser.setInputFiles(fake);
      const refusal = onnx.locator('.mt-onnx-alert');
      await visible(refusal.getByText('The model was not accepted'));
      await visible(refusal.getByText('this is not an ONNX model (.onnx)'));
      expect((await api.listOnnx()).length).toBe(0);

      // A real model: listed with what the server read from it.
      await chooser.setInputFiles(real);
      await toastSeen(page, 'Uploaded “colour-model”');
      const row = onnx.locator('tr', { hasText: 'colour-model' });
      await visible(row.getByText('red, blue'));
      await visible(row.getByText('image [1, 224, 224, 3]'));
      await visible(row.getByText('probabilities [1, 2]'));
      await visible(row.getByText('cls', { exact: true }));

      // Evaluate on the project: settings come from the metadata, the project is offered.
      await row.getByRole('button', { name: 'Evaluate on a dataset' }).click();
      const evaluation = dialog(page);
      await visible(evaluation.getByText('21 test pictures'));
      expect(await evaluation.getByLabel('Input size (pixels)').inputValue()).toBe('224');
      expect(await evaluation.getByLabel(/Class names in the model/).inputValue()).toBe('red, blue');
      await evaluation.getByRole('button', { name: 'Run the evaluation' }).click();
      await toastSeen(page, 'Evaluation saved');
      const result = evaluation.locator('.mt-evaluation');
      await visible(result.getByText('95.2%'));
      expect(Number(await result.getAttribute('data-accuracy'))).toBeCloseTo(20 / 21, 6);

      // The one wrong cell opens the mislabelled picture.
      await evaluation.getByRole('button', { name: '1 image labelled red predicted as blue' }).click();
      const cell = page.getByRole('dialog', { name: 'Real: red → said: blue' });
      await visible(cell.getByRole('img', { name: 'odd-one.png' }));
      expect(await cell.locator('.mt-thumb').count()).toBe(1);

      // Recorded on the server, and both calls logged as experience.
      const records = await api.listEvaluations(project.id);
      expect(records).toHaveLength(1);
      const record = records[0]!;
      expect(record.modelName).toBe('colour-model');
      expect(record.imageCount).toBe(21);
      expect(record.metrics).toMatchObject({
        task: 'cls',
        classes: ['red', 'blue'],
        confusion: [
          [10, 1],
          [0, 10],
        ],
      });
      await expect
        .poll(() => experienceLogs)
        .toEqual(expect.arrayContaining(['/api/onnx/upload', '/api/evaluation']));
    },
    TEST_MS,
  );
});
