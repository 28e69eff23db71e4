/**
 * Setup of the web unit project (vitest.config.ts), run before each test file. The project is not isolated:
 * one worker runs file after file, so npm packages (antd, React, zod, i18next: most of the import time) load
 * once per worker. Our own modules, though, hold state a test may change (the language, a pending toast, a
 * store), so each file gets them fresh, as in its own process.
 */
import { vi } from 'vitest';

vi.resetModules();
