/**
 * The camera's retry core (spec §7, §8, §9), free of the DOM so it is unit-tested in Node: every video input
 * is tried in turn, virtual "OBS" cameras are skipped, a failure waits 2000 ms before the next device, and
 * the last device's error is rethrown.
 */
import { INSECURE_CONTEXT_ERROR } from '../secure-origin.ts';

export interface CameraOptions {
  width?: number;
  height?: number;
  facingMode?: 'user' | 'environment';
  frameRate?: number;
}

/** Spec §9: 640 × 480, front-facing, 24 fps. */
export const CAMERA_DEFAULTS = { width: 640, height: 480, facingMode: 'user', frameRate: 24 } as const;

/** Spec §9: wait between two failing cameras. */
export const CAMERA_RETRY_DELAY_MS = 2000;

/** The parts of `navigator.mediaDevices` and timers the core needs, injected so tests can fake them. */
export interface CameraEnv {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  enumerateDevices: () => Promise<Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>[]>;
  sleep: (ms: number) => Promise<void>;
}

/** Spec §7: labels starting with 'OBS' are virtual cameras (OBS Studio) that show no real picture. */
export function isSkippedCamera(label: string): boolean {
  return label.startsWith('OBS');
}

export function videoConstraints(options: CameraOptions = {}, deviceId?: string): MediaTrackConstraints {
  const o = { ...CAMERA_DEFAULTS, ...options };
  return {
    width: { ideal: o.width },
    height: { ideal: o.height },
    frameRate: { ideal: o.frameRate },
    // A chosen device wins over the facing mode (a laptop's only camera may report no facing mode at all).
    ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: o.facingMode }),
  };
}

/**
 * Opens the first camera that works. With no devices listed (labels and ids are hidden before the first
 * permission grant on some browsers) it asks once without a device id and lets the browser choose.
 */
export async function openCamera(env: CameraEnv, options: CameraOptions = {}): Promise<MediaStream> {
  let devices: { deviceId: string; label: string }[] = [];
  try {
    devices = (await env.enumerateDevices()).filter((d) => d.kind === 'videoinput');
  } catch {
    // Enumeration is optional: fall through to a plain request.
  }
  const candidates = devices.filter((d) => !isSkippedCamera(d.label));
  // Ids are empty strings until permission is granted: then one generic request is all we can do.
  const ids = candidates.some((d) => d.deviceId)
    ? candidates.map((d) => d.deviceId || undefined)
    : [undefined];
  for (let i = 0; i < ids.length; i += 1) {
    try {
      return await env.getUserMedia({ video: videoConstraints(options, ids[i]), audio: false });
    } catch (error) {
      const last = i === ids.length - 1;
      // A denied permission is the same for every device: asking again would only wait 2 s per camera.
      if (last || isPermissionError(error)) throw error;
      await env.sleep(CAMERA_RETRY_DELAY_MS);
    }
  }
  // Unreachable: the loop returns or throws on its last turn.
  throw new Error('no camera');
}

export function isPermissionError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError';
}

/**
 * What a failure means for the user: insecure (a plain-http page: the browser withholds every camera),
 * denied (they can allow it), missing (no camera) or another error.
 */
export function classifyCameraError(error: unknown): 'insecure' | 'denied' | 'missing' | 'error' {
  if ((error as { name?: unknown } | null)?.name === INSECURE_CONTEXT_ERROR) return 'insecure';
  if (isPermissionError(error)) return 'denied';
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
    return 'missing';
  }
  return 'error';
}
