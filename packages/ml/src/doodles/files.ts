/** The files `npm run train:doodles` writes into apps/web/public/models/doodles/ besides the model. */
export const EXAMPLES_FILE = 'examples.bin';
/** Training drawings kept per category in `EXAMPLES_FILE` (network inputs, one byte per pixel). */
export const EXAMPLES_PER_CATEGORY = 6;
