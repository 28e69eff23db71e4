/**
 * zod's global settings, applied before any schema exists: main.tsx imports this module first.
 *
 * `jitless`: zod compiles a fast parser per object schema with `new Function`, and to know whether it may,
 * it tries `new Function('')` once when the first object schema is built. Our CSP has no 'unsafe-eval', so
 * that probe fails (zod falls back quietly) but the browser still records a `securitypolicyviolation` (and a
 * CSP report) on every page load. jitless skips the probe and the compiled parsers: our schemas parse small
 * API answers, where the interpreted parser is fast enough.
 */
import { z } from 'zod';

z.config({ jitless: true });
