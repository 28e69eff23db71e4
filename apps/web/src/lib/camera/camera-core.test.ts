import { describe, expect, it } from 'vitest';
import {
  CAMERA_RETRY_DELAY_MS,
  classifyCameraError,
  isSkippedCamera,
  openCamera,
  videoConstraints,
  type CameraEnv,
} from './camera-core.ts';
import { insecureContextError } from '../secure-origin.ts';

function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

const fakeStream = (id: string) => ({ id }) as unknown as MediaStream;

/** A fake environment: `fails` lists device ids whose getUserMedia rejects with the given error name. */
function env(labels: [id: string, label: string][], fails: Record<string, string> = {}) {
  const asked: (string | undefined)[] = [];
  const slept: number[] = [];
  const e: CameraEnv = {
    enumerateDevices: () =>
      Promise.resolve([
        { kind: 'audioinput', deviceId: 'mic', label: 'Mic' },
        ...labels.map(([deviceId, label]) => ({ kind: 'videoinput' as const, deviceId, label })),
      ]),
    getUserMedia: (constraints) => {
      const video = constraints.video as MediaTrackConstraints;
      const id = (video.deviceId as { exact: string } | undefined)?.exact;
      asked.push(id);
      const failure = fails[id ?? ''];
      return failure ? Promise.reject(domError(failure)) : Promise.resolve(fakeStream(id ?? 'default'));
    },
    sleep: (ms) => {
      slept.push(ms);
      return Promise.resolve();
    },
  };
  return { env: e, asked, slept };
}

describe('openCamera', () => {
  it('skips OBS virtual cameras and opens the first real one', async () => {
    const f = env([
      ['obs', 'OBS Virtual Camera'],
      ['cam1', 'Integrated Camera'],
    ]);
    const stream = await openCamera(f.env);
    expect(stream.id).toBe('cam1');
    expect(f.asked).toEqual(['cam1']);
    expect(f.slept).toEqual([]);
  });

  it('waits 2000 ms after a failing camera, then tries the next', async () => {
    const f = env(
      [
        ['a', 'USB cam'],
        ['b', 'Front'],
      ],
      { a: 'NotReadableError' },
    );
    const stream = await openCamera(f.env);
    expect(stream.id).toBe('b');
    expect(f.asked).toEqual(['a', 'b']);
    expect(f.slept).toEqual([CAMERA_RETRY_DELAY_MS]);
    expect(CAMERA_RETRY_DELAY_MS).toBe(2000);
  });

  it("rethrows the last camera's error", async () => {
    const f = env(
      [
        ['a', 'A'],
        ['b', 'B'],
      ],
      { a: 'NotReadableError', b: 'AbortError' },
    );
    await expect(openCamera(f.env)).rejects.toMatchObject({ name: 'AbortError' });
    expect(f.slept).toEqual([2000]);
  });

  it('stops at a denied permission without waiting on every camera', async () => {
    const f = env(
      [
        ['a', 'A'],
        ['b', 'B'],
      ],
      { a: 'NotAllowedError' },
    );
    await expect(openCamera(f.env)).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(f.asked).toEqual(['a']);
  });

  it('asks once without a device id when ids are hidden before permission', async () => {
    const f = env([['', '']]);
    const stream = await openCamera(f.env);
    expect(stream.id).toBe('default');
    expect(f.asked).toEqual([undefined]);
  });
});

describe('camera helpers', () => {
  it('defaults to 640 × 480, front-facing, 24 fps', () => {
    expect(videoConstraints()).toEqual({
      width: { ideal: 640 },
      height: { ideal: 480 },
      frameRate: { ideal: 24 },
      facingMode: 'user',
    });
    expect(videoConstraints({ width: 320 }, 'x')).toMatchObject({
      width: { ideal: 320 },
      deviceId: { exact: 'x' },
    });
  });

  it('recognises OBS labels and classifies errors', () => {
    expect(isSkippedCamera('OBS Virtual Camera')).toBe(true);
    expect(isSkippedCamera('FaceTime HD (OBS)')).toBe(false);
    expect(classifyCameraError(domError('NotAllowedError'))).toBe('denied');
    expect(classifyCameraError(domError('NotFoundError'))).toBe('missing');
    expect(classifyCameraError(new Error('x'))).toBe('error');
    // A plain-http page: the real reason, never "no camera found".
    expect(classifyCameraError(insecureContextError())).toBe('insecure');
  });
});
