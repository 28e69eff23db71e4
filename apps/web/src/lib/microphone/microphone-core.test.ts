import { describe, expect, it } from 'vitest';
import {
  audioInputs,
  classifyMicrophoneError,
  insecureContextError,
  levelFromSamples,
  microphoneConstraints,
} from './microphone-core.ts';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('classifyMicrophoneError', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'busy'],
    ['AbortError', 'busy'],
    ['TypeError', 'unknown'],
  ] as const)('%s means %s', (name, problem) => {
    expect(classifyMicrophoneError(named(name))).toBe(problem);
  });

  it('reads a page without mediaDevices as insecure, and anything odd as unknown', () => {
    expect(classifyMicrophoneError(insecureContextError())).toBe('insecure');
    expect(classifyMicrophoneError(null)).toBe('unknown');
    expect(classifyMicrophoneError('boom')).toBe('unknown');
  });
});

describe('microphoneConstraints', () => {
  it('asks for the raw sound, and for an exact device once one is chosen', () => {
    const plain = microphoneConstraints().audio as MediaTrackConstraints;
    expect(plain).toMatchObject({ echoCancellation: false, noiseSuppression: false, autoGainControl: false });
    expect(plain.deviceId).toBeUndefined();
    const chosen = microphoneConstraints('abc').audio as MediaTrackConstraints;
    expect(chosen.deviceId).toEqual({ exact: 'abc' });
    expect(microphoneConstraints().video).toBe(false);
  });
});

describe('levelFromSamples', () => {
  it('is 0 for silence, 1 for a full-scale square wave and in between for a quiet sound', () => {
    expect(levelFromSamples(new Float32Array(128))).toBe(0);
    expect(levelFromSamples([])).toBe(0);
    expect(levelFromSamples(Float32Array.from({ length: 128 }, (_, i) => (i % 2 ? 1 : -1)))).toBe(1);
    // RMS 0.01 is -40 dB: a third of the way up from the -60 dB floor.
    const quiet = levelFromSamples(Float32Array.from({ length: 128 }, (_, i) => (i % 2 ? 0.01 : -0.01)));
    expect(quiet).toBeCloseTo(1 / 3, 5);
    // Below the floor the meter stays empty.
    expect(levelFromSamples(new Float32Array(64).fill(0.0001))).toBe(0);
  });
});

describe('audioInputs', () => {
  it('keeps the microphones only', () => {
    const devices = [
      { kind: 'videoinput', deviceId: 'cam' },
      { kind: 'audioinput', deviceId: 'mic1' },
      { kind: 'audiooutput', deviceId: 'speaker' },
      { kind: 'audioinput', deviceId: 'mic2' },
    ] as const;
    expect(audioInputs(devices).map((d) => d.deviceId)).toEqual(['mic1', 'mic2']);
  });
});
