/**
 * React binding of the microphone module: opens the microphone (raw sound, no processing), wires it into an
 * AudioContext with an analyser for the meter and the live views, lists the inputs, and releases everything
 * (tracks stopped, context closed) on stop, on a device change and when the component unmounts.
 */
import { isInsecureContext } from '../secure-origin.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  audioInputs,
  classifyMicrophoneError,
  insecureContextError,
  levelFromSamples,
  microphoneConstraints,
  type MicrophoneProblem,
} from './microphone-core.ts';

export type MicrophoneStatus = 'idle' | 'starting' | 'live' | 'error';

export interface UseMicrophone {
  status: MicrophoneStatus;
  problem?: MicrophoneProblem;
  stream?: MediaStream;
  audioContext?: AudioContext;
  /** The microphone's node in `audioContext`: record from it (see record-clip.ts). */
  source?: MediaStreamAudioSourceNode;
  /** fftSize 2048, fed by `source`: level, live waveform and spectrogram read it. */
  analyser?: AnalyserNode;
  devices: MediaDeviceInfo[];
  deviceId?: string;
  setDeviceId: (id: string) => void;
  start: () => Promise<void>;
  stop: () => void;
  /** 0..1 loudness for a meter (RMS, -60 dB → 0, full scale → 1), updated ~12 times a second. */
  level: number;
}

interface LiveAudio {
  stream: MediaStream;
  audioContext: AudioContext;
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
}

/** How often the level is put into React state: a meter needs no 60 renders a second. */
const LEVEL_INTERVAL_MS = 80;

function release(live: LiveAudio | null): void {
  if (!live) return;
  for (const track of live.stream.getTracks()) track.stop();
  live.source.disconnect();
  void live.audioContext.close().catch(() => undefined);
}

export function useMicrophone(options: { enabled?: boolean } = {}): UseMicrophone {
  const { enabled = false } = options;
  const [status, setStatus] = useState<MicrophoneStatus>('idle');
  const [problem, setProblem] = useState<MicrophoneProblem>();
  const [live, setLive] = useState<LiveAudio | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceIdState] = useState<string>();
  const [level, setLevel] = useState(0);
  const liveRef = useRef<LiveAudio | null>(null);
  const deviceRef = useRef<string | undefined>(undefined);
  // Each start gets a number; a start that finishes after a newer start or a stop releases its own stream.
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    release(liveRef.current);
    liveRef.current = null;
    setLive(null);
    setLevel(0);
    setStatus('idle');
  }, []);

  const start = useCallback(async () => {
    const mine = ++generation.current;
    release(liveRef.current);
    liveRef.current = null;
    setLive(null);
    setStatus('starting');
    setProblem(undefined);
    let stream: MediaStream | undefined;
    try {
      const media = navigator.mediaDevices as MediaDevices | undefined;
      if (isInsecureContext() || !media?.getUserMedia) throw insecureContextError();
      stream = await media.getUserMedia(microphoneConstraints(deviceRef.current));
      if (mine !== generation.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const audioContext = new AudioContext();
      // Created after a click this runs at once; the resume covers a start without a fresh gesture.
      void audioContext.resume().catch(() => undefined);
      const source = audioContext.createMediaStreamSource(stream);
      const analyser = audioContext.createAnalyser();
      analyser.fftSize = 2048;
      analyser.smoothingTimeConstant = 0.5;
      source.connect(analyser);
      const next = { stream, audioContext, source, analyser };
      liveRef.current = next;
      setLive(next);
      const track = stream.getAudioTracks()[0];
      const actualId = track?.getSettings().deviceId;
      if (actualId) {
        deviceRef.current = actualId;
        setDeviceIdState(actualId);
      }
      // Unplugged while live: the track ends by itself.
      track?.addEventListener('ended', () => {
        if (liveRef.current !== next) return;
        release(next);
        liveRef.current = null;
        setLive(null);
        setProblem('missing');
        setStatus('error');
      });
      setStatus('live');
      // Labels and ids are only listed once permission is granted.
      const listed = await media.enumerateDevices().catch(() => []);
      if (mine === generation.current) setDevices(audioInputs(listed));
    } catch (error) {
      if (stream) for (const track of stream.getTracks()) track.stop();
      if (mine !== generation.current) return;
      console.error('microphone init failed', error);
      release(liveRef.current);
      liveRef.current = null;
      setLive(null);
      setProblem(classifyMicrophoneError(error));
      setStatus('error');
    }
  }, []);

  const setDeviceId = useCallback(
    (id: string) => {
      deviceRef.current = id;
      setDeviceIdState(id);
      // A new choice takes effect at once when the microphone is on.
      if (liveRef.current) void start();
    },
    [start],
  );

  // The level meter: sampled from the analyser on animation frames, put into state a few times a second.
  useEffect(() => {
    if (!live) return;
    const buffer = new Float32Array(live.analyser.fftSize);
    let frame = 0;
    let last = 0;
    const tick = (now: number) => {
      if (now - last >= LEVEL_INTERVAL_MS) {
        last = now;
        live.analyser.getFloatTimeDomainData(buffer);
        setLevel(levelFromSamples(buffer));
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [live]);

  // A microphone plugged in or out changes the list.
  useEffect(() => {
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (!media?.addEventListener) return;
    const refresh = () => {
      void media
        .enumerateDevices()
        .then((listed) => setDevices(audioInputs(listed)))
        .catch(() => undefined);
    };
    media.addEventListener('devicechange', refresh);
    return () => media.removeEventListener('devicechange', refresh);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    // Started from a task, not the effect body: the status changes then render once, not in cascade.
    const timer = setTimeout(() => void start(), 0);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [enabled, start, stop]);

  // Leaving the page ends the tracks (the browser's microphone indicator goes off) and closes the context.
  useEffect(() => {
    const held = liveRef;
    const generations = generation;
    return () => {
      generations.current += 1;
      release(held.current);
      held.current = null;
    };
  }, []);

  return {
    status,
    problem,
    stream: live?.stream,
    audioContext: live?.audioContext,
    source: live?.source,
    analyser: live?.analyser,
    devices,
    deviceId,
    setDeviceId,
    start,
    stop,
    level,
  };
}
