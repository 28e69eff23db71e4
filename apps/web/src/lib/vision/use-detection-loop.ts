/**
 * Runs a detector on every video frame it can keep up with. One frame at a time and no queue (FrameGate): a
 * frame that arrives during a detection is not kept, but the detector takes the newest frame as soon as it is
 * free. The loop ends with the component or when `active` goes false. The callbacks are read through refs so
 * the loop is not restarted when they change.
 *
 * Each frame is first copied into a canvas, and the detector and the page both get that copy: what is drawn
 * is the very frame the boxes were found in (drawing the live video instead would show the boxes a few
 * frames late, beside a moving face). `frameSize` may make that copy smaller than the video (analysisSize).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { FrameGate } from './frame-gate.ts';
import { nextFps } from './geometry.ts';

export interface LoopStats {
  /** Detections per second, smoothed. */
  fps: number;
  /** Time of the last detection. */
  ms: number;
  frames: number;
}

export interface DetectionLoopOptions<R> {
  /** The <video> to read; looked up when the loop starts. */
  videoRef: RefObject<HTMLVideoElement | null>;
  active: boolean;
  detect: (frame: HTMLCanvasElement) => Promise<R>;
  onResult: (result: R, stats: LoopStats, frame: HTMLCanvasElement) => void;
  onError?: (error: unknown) => void;
  /** The size of the frame copy for a video of this size (default: the video's own). */
  frameSize?: (videoWidth: number, videoHeight: number) => { width: number; height: number };
}

export function useDetectionLoop<R>({
  videoRef,
  active,
  detect,
  onResult,
  onError,
  frameSize,
}: DetectionLoopOptions<R>): void {
  const callbacks = useRef({ detect, onResult, onError, frameSize });
  useEffect(() => {
    callbacks.current = { detect, onResult, onError, frameSize };
  });

  useEffect(() => {
    const v = videoRef.current;
    if (!active || !v) return;
    // requestVideoFrameCallback fires once per new camera frame; rAF is the fallback (older Firefox).
    const perFrame = 'requestVideoFrameCallback' in v;
    let stopped = false;
    let handle = 0;
    let last = 0;
    const stats: LoopStats = { fps: 0, ms: 0, frames: 0 };
    const frame = document.createElement('canvas');
    const frameCtx = frame.getContext('2d', { willReadFrequently: true });

    const gate = new FrameGate();

    // Listens to every frame, busy or not: the gate decides whether it is detected.
    const schedule = () => {
      if (stopped) return;
      handle = perFrame ? v.requestVideoFrameCallback(onFrame) : requestAnimationFrame(onFrame);
    };
    const onFrame = () => {
      if (stopped) return;
      schedule();
      if (gate.offer()) run();
    };
    const finish = () => {
      if (!stopped && gate.done()) run();
    };

    const run = () => {
      if (v.readyState < 2 || v.videoWidth === 0 || !frameCtx) {
        finish();
        return;
      }
      const size = callbacks.current.frameSize?.(v.videoWidth, v.videoHeight) ?? {
        width: v.videoWidth,
        height: v.videoHeight,
      };
      if (frame.width !== size.width || frame.height !== size.height) {
        frame.width = size.width;
        frame.height = size.height;
      }
      frameCtx.drawImage(v, 0, 0, frame.width, frame.height);
      const started = performance.now();
      callbacks.current
        .detect(frame)
        .then((result) => {
          if (stopped) return;
          const now = performance.now();
          stats.ms = now - started;
          if (last > 0) stats.fps = nextFps(stats.fps, now - last);
          last = now;
          stats.frames += 1;
          callbacks.current.onResult(result, { ...stats }, frame);
        })
        .catch((error: unknown) => {
          if (!stopped) callbacks.current.onError?.(error);
        })
        .finally(finish);
    };

    schedule();
    return () => {
      stopped = true;
      // Frees the frame's pixels now rather than at the next garbage collection.
      frame.width = 0;
      frame.height = 0;
      if (perFrame) v.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
    };
  }, [active, videoRef]);
}
