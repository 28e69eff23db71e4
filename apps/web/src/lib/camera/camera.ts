/**
 * The one camera module (spec §4, §7–§9): start a camera into a <video>, stop it and release everything.
 * The device-trying logic lives in camera-core.ts (pure, unit-tested); this file binds it to the browser.
 */
import { insecureContextError, isInsecureContext } from '../secure-origin.ts';
import { openCamera, type CameraEnv, type CameraOptions } from './camera-core.ts';

export type { CameraOptions } from './camera-core.ts';
export { CAMERA_DEFAULTS, classifyCameraError } from './camera-core.ts';

function browserEnv(): CameraEnv {
  // A plain-http page of another machine: the browser withholds every camera, so say that, not "no camera".
  if (isInsecureContext()) throw insecureContextError();
  const devices = navigator.mediaDevices as MediaDevices | undefined;
  if (!devices?.getUserMedia) {
    // No mediaDevices on a secure page: a very old browser, for the user the same as no camera.
    const error = new Error('camera API unavailable');
    error.name = 'NotFoundError';
    throw error;
  }
  return {
    getUserMedia: (constraints) => devices.getUserMedia(constraints),
    enumerateDevices: () => devices.enumerateDevices(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/**
 * Opens a camera and plays it in `video`. Failures are logged to the console only ('camera init failed',
 * spec §8) and rethrown so the page can explain them.
 */
export async function startCamera(video: HTMLVideoElement, options?: CameraOptions): Promise<MediaStream> {
  try {
    const stream = await openCamera(browserEnv(), options);
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    try {
      await video.play();
    } catch (error) {
      // play() is interrupted when the page leaves mid-start; the stream must not outlive it.
      stopStream(stream);
      video.srcObject = null;
      throw error;
    }
    return stream;
  } catch (error) {
    console.error('camera init failed', error);
    throw error;
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Ends every track, detaches the video and clears (and shrinks) the canvas, so the camera light goes off and
 * no frame stays in memory. Failures are logged to the console only (spec §8).
 */
export function stopCamera(video: HTMLVideoElement | null, canvas?: HTMLCanvasElement | null): void {
  try {
    if (video) {
      const stream = video.srcObject;
      if (stream instanceof MediaStream) stopStream(stream);
      video.pause();
      video.srcObject = null;
      // Releases the decoder's last frame.
      video.removeAttribute('src');
      video.load();
    }
    if (canvas) {
      canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
      canvas.width = 0;
      canvas.height = 0;
    }
  } catch (error) {
    console.error('camera stop failed', error);
  }
}

/** The video's picture now, at its own size, on a new canvas (not mirrored); null before the first frame. */
export function videoFrame(video: HTMLVideoElement | null): HTMLCanvasElement | null {
  if (!video || video.readyState < 2 || video.videoWidth === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return canvas;
}
