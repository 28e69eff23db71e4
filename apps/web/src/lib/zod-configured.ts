/**
 * `zod` as the web app sees it: the build points every `import … from 'zod'` here (vite.config.ts,
 * resolve.alias), so zod's global settings are in place before any module builds a schema, whichever chunk
 * loads zod first. (main.tsx used to import the settings first, which put zod on every first page.)
 *
 * `jitless`: zod compiles a fast parser per object schema with `new Function`, and to know whether it may,
 * it tries `new Function('')` once when the first object schema is built. Our CSP has no 'unsafe-eval', so
 * that probe fails (zod falls back quietly) but the browser still records a `securitypolicyviolation` (and a
 * CSP report) on every page load. jitless skips the probe and the compiled parsers: our schemas parse small
 * API answers, where the interpreted parser is fast enough.
 */
import { config, z } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
