/** Where the digit lab's files live (under apps/web/public, served from our origin) and what they hold. */

/** The URL path of the lab's files. */
export const DIGITS_BASE_URL = '/models/digits/';
/** The trained network (TF.js layers format; its weights in `weights.bin` next to it). */
export const MODEL_FILE = 'model.json';
/** The gzipped digit pack of the "train it yourself" tab (see `encodePack`). */
export const PACK_FILE = 'train-pack.bin.gz';
/** Training digits per class in the pack (2,000 in all). */
export const PACK_TRAIN_PER_CLASS = 200;
/** Held-out digits per class in the pack (500 in all), for the accuracy the tab shows. */
export const PACK_TEST_PER_CLASS = 50;
/** Grey levels kept in the pack (see `quantize`): 2,500 digits gzip to about 250 KB. */
export const PACK_LEVELS = 16;
