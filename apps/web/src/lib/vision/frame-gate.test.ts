import { describe, expect, it } from 'vitest';
import { FrameGate } from './frame-gate.ts';

describe('FrameGate', () => {
  it('starts on a frame when idle and ignores frames while busy', () => {
    const gate = new FrameGate();
    expect(gate.offer()).toBe(true);
    expect(gate.offer()).toBe(false);
    expect(gate.offer()).toBe(false);
  });

  it('takes the newest frame at once when one arrived during the detection, without a queue', () => {
    const gate = new FrameGate();
    gate.offer();
    gate.offer();
    gate.offer();
    // Two frames arrived while busy: one more detection, not two.
    expect(gate.done()).toBe(true);
    expect(gate.done()).toBe(false);
  });

  it('goes idle when no frame arrived, and starts again on the next one', () => {
    const gate = new FrameGate();
    gate.offer();
    expect(gate.done()).toBe(false);
    expect(gate.offer()).toBe(true);
  });

  it('runs at the detector speed, not in whole camera frames', () => {
    // A camera frame every 41.7 ms (24 fps), a detection of 45 ms: count detections over one second.
    const gate = new FrameGate();
    const frameMs = 1000 / 24;
    const detectMs = 45;
    let busyUntil = -1;
    let detections = 0;
    const events: { at: number; kind: 'frame' | 'done' }[] = [];
    for (let t = 0; t < 1000; t += frameMs) events.push({ at: t, kind: 'frame' });
    const start = (at: number) => {
      detections += 1;
      busyUntil = at + detectMs;
      events.push({ at: busyUntil, kind: 'done' });
    };
    for (let i = 0; i < events.length; i += 1) {
      events.sort((a, b) => a.at - b.at);
      const event = events[i]!;
      if (event.at >= 1000) break;
      if (event.kind === 'frame' ? gate.offer() : gate.done()) start(event.at);
    }
    expect(busyUntil).toBeGreaterThan(0);
    // 1000 / 45 = 22 detections fit in the second; waiting for the next frame each time would give 12.
    expect(detections).toBeGreaterThanOrEqual(21);
  });
});
