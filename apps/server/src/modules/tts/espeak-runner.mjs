// @ts-check
/**
 * The eSpeak NG runner: a child process of its own (forked by espeak-engine.ts) that runs the GPL-3.0
 * WebAssembly build of eSpeak NG, so the engine stays a separate program talking to ours through messages.
 *
 * Protocol (Node IPC, "advanced" serialisation so bytes travel as bytes):
 *   → { id, text, args, files: { input, wav, phonemes } }
 *   ← { type: 'ready' } once the engine is compiled
 *   ← { id, ok: true, wav: Uint8Array, phonemes: string } | { id, ok: false, error: string }
 *
 * eSpeak's build is a command-line program: every run is a fresh instance (its main() runs once and exits),
 * created from the WebAssembly module compiled once at start-up — compiling the 18 MB module is the slow
 * part, a new instance is cheap. The text is written to the instance's in-memory file system and read with
 * `-f`: it is data, never an argument or a shell word.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import ESpeakNg from 'espeak-ng';

const entry = createRequire(import.meta.url).resolve('espeak-ng');
const wasmModule = await WebAssembly.compile(
  await readFile(path.join(path.dirname(entry), 'espeak-ng.wasm')),
);

/**
 * @param {{ text: string, args: string[], files: { input: string, wav: string, phonemes: string } }} job
 * @returns {Promise<{ wav: Uint8Array, phonemes: string }>}
 */
async function synthesise(job) {
  /** @type {string[]} */
  const errors = [];
  const engine = await ESpeakNg({
    arguments: job.args,
    print: () => {},
    printErr: (/** @type {string} */ line) => errors.push(line),
    preRun: [(/** @type {any} */ m) => m.FS.writeFile(job.files.input, job.text)],
    instantiateWasm(
      /** @type {WebAssembly.Imports} */ imports,
      /** @type {(i: WebAssembly.Instance) => void} */ done,
    ) {
      void WebAssembly.instantiate(wasmModule, imports).then(done);
      return {};
    },
  });
  // eSpeak's exit() sets the process's exit code; this process lives on, so it must not keep it.
  process.exitCode = 0;
  /** @type {Uint8Array} */
  let wav;
  try {
    wav = engine.FS.readFile(job.files.wav);
  } catch {
    throw new Error(`eSpeak NG wrote no sound${errors.length ? `: ${errors.join(' ')}` : ''}`);
  }
  const phonemes = engine.FS.readFile(job.files.phonemes, { encoding: 'utf8' });
  return { wav, phonemes };
}

process.on('message', (/** @type {any} */ message) => {
  synthesise(message).then(
    (result) => process.send?.({ id: message.id, ok: true, ...result }),
    (/** @type {Error} */ error) =>
      process.send?.({ id: message.id, ok: false, error: String(error?.message ?? error) }),
  );
});
// The server went away (or closed the channel): nothing more to do.
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
