/**
 * Which precompressed copies a request accepts, best first: `br` and `gzip` with a quality above 0 (by
 * quality, br first on a tie), as @fastify/static chose before. `*` stands for gzip when gzip is not named.
 * The file itself is always acceptable after these.
 */
export type Encoding = 'br' | 'gzip';

const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  if (!header) return [];
  const quality = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  if (!quality.has('gzip') && quality.has('*')) quality.set('gzip', quality.get('*')!);
  return PREFERENCE.filter((e) => (quality.get(e) ?? 0) > 0).sort(
    (a, b) => quality.get(b)! - quality.get(a)! || PREFERENCE.indexOf(a) - PREFERENCE.indexOf(b),
  );
}
