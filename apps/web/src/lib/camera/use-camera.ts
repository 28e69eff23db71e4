/** React binding of the camera module: a ref for the <video>, a status to render, start/stop; stops on unmount. */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { classifyCameraError, startCamera, stopCamera, stopStream, type CameraOptions } from './camera.ts';

/** `insecure`: the page was opened over plain http (components/secure-origin explains). */
export type CameraStatus = 'idle' | 'starting' | 'live' | 'insecure' | 'denied' | 'missing' | 'error';

export interface UseCamera {
  videoRef: RefObject<HTMLVideoElement | null>;
  status: CameraStatus;
  start: () => Promise<void>;
  stop: () => void;
}

export function useCamera(options: CameraOptions & { autoStart?: boolean } = {}): UseCamera {
  const { autoStart = false, width, height, facingMode, frameRate } = options;
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<CameraStatus>('idle');
  // Each start gets a number; a start that finishes after a newer start or a stop closes its own stream.
  const generation = useRef(0);
  // The live stream, so unmount can end it even when the <video> is already gone.
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    generation.current += 1;
    stopStream(streamRef.current);
    streamRef.current = null;
    stopCamera(videoRef.current);
    setStatus('idle');
  }, []);

  const start = useCallback(async () => {
    const video = videoRef.current;
    if (!video) return;
    const mine = ++generation.current;
    setStatus('starting');
    try {
      const stream = await startCamera(video, { width, height, facingMode, frameRate });
      if (mine !== generation.current) {
        stopStream(stream);
        return;
      }
      streamRef.current = stream;
      setStatus('live');
    } catch (error) {
      if (mine === generation.current) setStatus(classifyCameraError(error));
    }
  }, [width, height, facingMode, frameRate]);

  useEffect(() => {
    if (!autoStart) return;
    // Started from a task, not the effect body: the status changes then render once, not in cascade.
    const timer = setTimeout(() => void start(), 0);
    return () => clearTimeout(timer);
  }, [autoStart, start]);

  useEffect(() => {
    // Captured now: at unmount React has already cleared the element ref.
    const video = videoRef.current;
    const streams = streamRef;
    const generations = generation;
    return () => {
      generations.current += 1;
      stopStream(streams.current);
      streams.current = null;
      stopCamera(video);
    };
  }, []);

  return { videoRef, status, start, stop };
}
