/**
 * The math lab's symbol network: the digit lab's served network (`SERVED_NET`) with 17 outputs, one per
 * symbol of `SYMBOLS`, and where its files are served.
 */
import { SERVED_NET, type DigitNetSpec } from '../digits/model.ts';
import { SYMBOLS } from './symbols.ts';

export const SYMBOL_NET: DigitNetSpec = { ...SERVED_NET, classes: SYMBOLS.length };
/** Fewer epochs than the digits (more images per epoch): about 10 minutes of one core. */
export const SYMBOL_TRAINING = { epochs: 8, batchSize: 64, learningRate: [0.002, 0.0002], seed: 1 } as const;
/** Source URL of the trained files (the build serves them under a content-hashed folder). */
export const MATH_MODEL_BASE_URL = '/models/math/';
export const MATH_MODEL_FILE = 'model.json';
