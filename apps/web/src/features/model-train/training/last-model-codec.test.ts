import { describe, expect, it } from 'vitest';
import { decodeLastModel, encodeLastModel, fromTfjsExport, newerCopy } from './last-model-codec.ts';
import { buildTfjsZip } from './tfjs-export.ts';
import type { StoredModel } from './model-store.ts';

const model: StoredModel = {
  key: '7:cls',
  info: {
    projectId: 7,
    kind: 'cls',
    classes: ['cat', 'dog'],
    settings: { epochs: 10, learningRate: 0.001, batchSize: 16, augment: false },
    outcome: { epochs: 10, trainMs: 1200, featureMs: 300, stopped: false, history: [] },
    evaluation: null,
    savedAt: '2026-03-01T09:00:00.000Z',
  } as unknown as StoredModel['info'],
  head: {
    modelTopology: { class_name: 'Sequential', config: { layers: [] } },
    weightSpecs: [{ name: 'dense/kernel', shape: [2, 2], dtype: 'float32' }],
    weightData: new Float32Array([0.5, -1, 2, 0.25]).buffer,
  },
};

describe('the last model on the server', () => {
  it("round-trips the browser's record through the file the server keeps", async () => {
    const blob = await encodeLastModel(model);
    const back = await decodeLastModel(new Uint8Array(await blob.arrayBuffer()));
    expect(back.key).toBe('7:cls');
    expect(back.info).toEqual(model.info);
    expect(back.head.modelTopology).toEqual(model.head.modelTopology);
    expect(back.head.weightSpecs).toEqual(model.head.weightSpecs);
    expect([...new Float32Array(back.head.weightData)]).toEqual([0.5, -1, 2, 0.25]);
    // The server checks a ZIP's signature.
    expect([...new Uint8Array(await blob.slice(0, 4).arrayBuffer())]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('refuses a file it did not write', async () => {
    await expect(decodeLastModel(new Uint8Array([1, 2, 3]))).rejects.toThrow();
  });

  it("takes the newer copy, and the server's when the browser has none (another device)", () => {
    expect(newerCopy(null, '2026-03-01T09:00:00.000Z')).toBe('remote');
    expect(newerCopy('2026-03-01T09:00:00.000Z', null)).toBe('local');
    expect(newerCopy('2026-03-01T09:00:00.000Z', '2026-03-02T09:00:00.000Z')).toBe('remote');
    expect(newerCopy('2026-03-02T09:00:00.000Z', '2026-03-02T09:00:00.000Z')).toBe('local');
    expect(newerCopy(null, null)).toBeNull();
  });
});

describe("a saved TF.js model as the page's model", () => {
  it("takes the head, the classes and the run's summary from the Export tab's zip", async () => {
    const zip = await buildTfjsZip({
      kind: 'cls',
      head: model.head,
      labels: ['cat', 'dog'],
      backbone: { json: {}, weights: [] },
      preprocessing: {},
      featureNode: 'x',
    });
    const stored = await fromTfjsExport(
      new Uint8Array(await zip.arrayBuffer()),
      { id: 7, kind: 'cls', settings: model.info.settings },
      {
        summary: { at: '2026-03-01T09:00:00.000Z', epochs: 12, trainMs: 800, accuracy: 1, map: null },
        createdAt: '2026-03-01T09:05:00.000Z',
      },
    );
    expect(stored.key).toBe('7:cls');
    expect(stored.info).toMatchObject({
      projectId: 7,
      kind: 'cls',
      classes: ['cat', 'dog'],
      evaluation: null,
    });
    expect(stored.info.outcome.epochs).toBe(12);
    expect(stored.info.savedAt).toBe('2026-03-01T09:00:00.000Z');
    expect(stored.head.weightSpecs).toEqual(model.head.weightSpecs);
    expect([...new Float32Array(stored.head.weightData)]).toEqual([0.5, -1, 2, 0.25]);
  });
});
