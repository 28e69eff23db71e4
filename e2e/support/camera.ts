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
