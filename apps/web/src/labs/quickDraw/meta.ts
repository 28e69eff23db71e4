/** The doodle game's own facts. Slug, title and description come from the registry entry. */
export const SLUG = 'quickDraw';

/** Rounds per game and seconds per round (Quick, Draw!'s own). */
export const ROUNDS = 6;
export const ROUND_SECONDS = 20;
/** At most this many rounds of a game ask for the school's own words. */
export const SCHOOL_ROUNDS_MAX = 2;
/** A school word becomes a thing to draw once the class has drawn it this often. */
export const SCHOOL_WORD_MIN_DRAWINGS = 3;

/** The computer looks at the drawing at most this often while it grows (a few times a second). */
export const GUESS_EVERY_MS = 300;
/** Pen width in the pad's own pixels (480 per side). */
export const PEN_WIDTH = 9;

/**
 * The school's model: the nearest `KNN_K` drawings among the network's own examples (6 per category) and the
 * school's drawings vote; a school word is said only when its drawings have at least `SCHOOL_MIN_SHARE` of
 * the vote, so a drawing that merely resembles them a little keeps the network's answer.
 */
export const KNN_K = 3;
export const SCHOOL_MIN_SHARE = 0.5;
