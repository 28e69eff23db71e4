/** Watching the camera from a test: which streams a page opened, and whether their tracks ended. */
import type { Page } from 'playwright-core';

interface CameraWindow {
  __cameraStreams: MediaStream[];
}

/** Records every camera stream the page opens (call before the page loads). */
export async function recordCameraStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as CameraWindow).__cameraStreams = streams;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** Each recorded stream's track states ('live' or 'ended'), in the order the streams were opened. */
export function cameraTrackStates(page: Page): Promise<string[][]> {
  return page.evaluate(() =>
    (window as unknown as CameraWindow).__cameraStreams.map((s) => s.getTracks().map((t) => t.readyState)),
  );
}

/**
 * The camera shows an empty dark room: getUserMedia answers with a canvas's stream instead of the browser's
 * fake camera (whose one video is set for the whole browser), so one test can have nothing in view.
 * Call before the page loads, and before recordCameraStreams so that it records these streams.
 */
export async function showEmptyCamera(page: Page): Promise<void> {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const ctx = canvas.getContext('2d')!;
      const paint = () => {
        ctx.fillStyle = '#101018';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      };
      paint();
      const stream = canvas.captureStream(24);
      // A canvas stream only has frames when the canvas is painted.
      const timer = setInterval(paint, 1000 / 24);
      stream.getVideoTracks()[0]?.addEventListener('ended', () => clearInterval(timer));
      return Promise.resolve(stream);
    };
  });
}
