import { describe, expect, it } from 'vitest';
import { builtinHostFunctions } from './builtin-host.ts';
import { Sight } from './builtin-sight.ts';

describe('builtinHostFunctions', () => {
  it('waits for the detectors’ first look, then answers in stage coordinates', async () => {
    const sight = new Sight();
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const host = builtinHostFunctions({ ready, sight }, () => Promise.resolve());
    const count = host.faceCount!();
    // The first frame arrives after the block asked.
    sight.update('face', { faces: [{ x: 0.75, y: 0.25 }] });
    sight.update('hand', { points: { indexTip: { x: 0, y: 1 } } });
    markReady();
    expect(await count).toBe(1);
    expect(await host.facePosition!('x')).toBe(-120);
    expect(await host.facePosition!('y')).toBe(90);
    expect(await host.handPoint!('x', 'indexTip')).toBe(240);
    expect(await host.handPoint!('y', 'indexTip')).toBe(-180);
    expect(await host.bodyPoint!('x', 'nose')).toBe(0);
  });

  it('answers 0 without a session (the stage has said why) and speaks the text as shown', async () => {
    const spoken: string[] = [];
    const host = builtinHostFunctions(null, async (text) => void spoken.push(text));
    expect(await host.faceCount!()).toBe(0);
    expect(await host.handPoint!('y', 'wrist')).toBe(0);
    await host.speak!('hello');
    await host.speak!(42);
    await host.speak!(['a', 'b']);
    expect(spoken).toEqual(['hello', '42', 'a,b']);
  });

  it('reads the text in the camera’s frame now, and answers "" when it cannot (the stage is told why)', async () => {
    const frame = { id: 'frame' } as unknown as HTMLCanvasElement;
    const session = { ready: Promise.resolve(), sight: new Sight(), frame: () => frame, lastText: null };
    const read: unknown[] = [];
    const failures: string[] = [];
    const reader = {
      read: (picture: HTMLCanvasElement) => {
        read.push(picture);
        return Promise.resolve([{ text: 'EXIT' }, { text: 'this way' }]);
      },
      failed: (message: string) => void failures.push(message),
    };
    const host = builtinHostFunctions(session, () => Promise.resolve(), reader);
    expect(await host.readText!()).toBe('EXIT this way');
    expect(read).toEqual([frame]);
    expect(session.lastText).toBe('EXIT this way');

    const broken = { read: () => Promise.reject(new Error('no model')), failed: reader.failed };
    expect(await builtinHostFunctions(session, () => Promise.resolve(), broken).readText!()).toBe('');
    expect(failures).toEqual(['no model']);
    expect(await builtinHostFunctions(null, () => Promise.resolve(), reader).readText!()).toBe('');
    const dark = { ...session, frame: () => null };
    expect(await builtinHostFunctions(dark, () => Promise.resolve(), reader).readText!()).toBe('');
    expect(read).toHaveLength(1);
  });
});
