/** The playground's settings inside a page's query string, next to any other parameters it carries. */
import { QUERY_KEYS, settingsToQuery, type PlaygroundSettings } from '@ai-edu/ml/nn/index.ts';

/** `params` with the playground's keys replaced by `settings` (other parameters kept, in front). */
export function withSettings(params: URLSearchParams, settings: PlaygroundSettings): URLSearchParams {
  const next = new URLSearchParams();
  const ours = new Set<string>(Object.values(QUERY_KEYS));
  for (const [key, value] of params) if (!ours.has(key)) next.append(key, value);
  for (const [key, value] of settingsToQuery(settings)) next.append(key, value);
  return next;
}
