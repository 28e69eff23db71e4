/**
 * The lab's own facts: limits (shared with the project-file reader), training choices offered, class colours
 * and the autosave key. Slug, title and description come from the registry entry.
 */
import { PROJECT_LIMITS } from '@ai-edu/ml/text/index.ts';

export const SLUG = 'trainText';

export const LIMITS = PROJECT_LIMITS;

/** Training needs two classes; cross-validation needs this many examples in each (see `foldsFor`). */
export const MIN_CLASSES = 2;

/** Choices for the training settings (the file may carry any value in range; the menus show these). */
export const LEARNING_RATES = [0.005, 0.01, 0.02, 0.05, 0.1] as const;
export const L2_STRENGTHS = [0, 0.001, 0.01, 0.1] as const;
export const EPOCH_RANGE = { min: 5, max: PROJECT_LIMITS.maxEpochs, step: 5 } as const;

/** The loss curve is drawn over about this long whatever the number of epochs, so learners can watch it. */
export const TRAINING_ANIMATION_MS = 1200;

/** The current project is kept in this browser between visits (not the model: it trains again quickly). */
export const AUTOSAVE_KEY = 'lab-trainText-project';

export { CLASS_COLORS, classColor } from '../../lib/class-colors.ts';

/** How many n-grams the explanation and the "learned" lists show. */
export const TOP_FEATURES = 8;
export const TOP_LEARNED = 6;
