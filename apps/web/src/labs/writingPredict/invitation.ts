/**
 * What the page invites a learner to draw. The doodle model knows 40 things (packages/ml/src/doodles/
 * categories.ts) and no person: a page that asked for a stick figure got "flower 58 %". So the page asks for
 * things it knows, named from the model's own categories, and lists all of them.
 */
import { DOODLE_CATEGORIES, doodleName } from '@ai-edu/ml/doodles/categories.ts';

/** Quick to draw and told apart well at 28×28 (ids of DOODLE_CATEGORIES). */
export const INVITED_CATEGORIES = ['cat', 'house', 'tree', 'sun', 'fish', 'bicycle'] as const;

const indexOf = (id: string) => DOODLE_CATEGORIES.findIndex((c) => c.id === id);

/** Names as a list in the page's language: 'cat, house, tree' / '猫、房子、树'. */
export function listOf(names: readonly string[], language: string): string {
  return names.join(language.startsWith('zh') ? '、' : ', ');
}

/** The invited things' names: 'cat, house, tree, sun, fish, bicycle'. */
export function invitedExamples(language: string): string {
  return listOf(
    INVITED_CATEGORIES.map((id) => doodleName(indexOf(id), language)),
    language,
  );
}

/** Every thing the model knows, in the page's language, in its category order. */
export function knownThings(language: string): string {
  return listOf(
    DOODLE_CATEGORIES.map((_, i) => doodleName(i, language)),
    language,
  );
}
