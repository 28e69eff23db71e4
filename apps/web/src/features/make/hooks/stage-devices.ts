/**
 * The page's side of the waiting blocks: a sleep that Stop cuts short, and a note played with WebAudio (an
 * oscillator, no sound files). Loaded with the runner, on the first Run (runtime/on-demand.ts).
 */

/** Resolves after `ms`, or at once when `signal` aborts (the run ended: nothing waits on it any more). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

let audio: AudioContext | null = null;

/** Plays MIDI note `note` (60 is middle C) for `seconds` with a soft triangle wave. */
export async function playNote(note: number, seconds: number, signal: AbortSignal): Promise<void> {
  if (typeof AudioContext === 'function') {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') await audio.resume().catch(() => undefined);
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.value = 440 * 2 ** ((Math.min(127, Math.max(0, note)) - 69) / 12);
    const start = audio.currentTime;
    // A short fade in and out, so notes do not click.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.2, start + 0.01);
    gain.gain.setValueAtTime(0.2, start + Math.max(0.01, seconds - 0.03));
    gain.gain.linearRampToValueAtTime(0, start + seconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + seconds);
    signal.addEventListener('abort', () => oscillator.stop());
  }
  await sleep(seconds * 1000, signal);
}
