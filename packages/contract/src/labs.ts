/**
 * The lab catalogue (spec §2): every lab's slug, category and what it needs. The web registry adds the
 * pages; the server uses the slugs for per-account and per-school lab access and for metering.
 */
import { z } from 'zod';

export const LAB_CATEGORIES = ['see', 'hear', 'read', 'create', 'train', 'how', 'games'] as const;
export type LabCategory = (typeof LAB_CATEGORIES)[number];

export interface LabInfo {
  slug: string;
  category: LabCategory;
  camera?: boolean;
  microphone?: boolean;
}

export const LABS = [
  { slug: 'aiChat', category: 'read' },
  { slug: 'textToImage', category: 'create' },
  { slug: 'faceAnalyze', category: 'see', camera: true },
  { slug: 'photoAndMath', category: 'see', camera: true },
  { slug: 'voiceIdentify', category: 'hear', microphone: true },
  { slug: 'textKnow', category: 'read' },
  { slug: 'flappyBird', category: 'games' },
  { slug: 'writingPredict', category: 'create' },
  { slug: 'quickDraw', category: 'games' },
  { slug: 'trainImage', category: 'train', camera: true },
  { slug: 'trainAudio', category: 'train', microphone: true },
  { slug: 'trainPose', category: 'train', camera: true },
  { slug: 'trainText', category: 'train' },
  { slug: 'trainHandPose', category: 'train', camera: true },
  { slug: 'numberPredict', category: 'how' },
  { slug: 'neuralNetworks', category: 'how' },
  { slug: 'imageFix', category: 'create' },
  { slug: 'faceRealCheck', category: 'see', camera: true },
  { slug: 'voiceSynthesis', category: 'hear' },
  { slug: 'linearRegression', category: 'how' },
] as const satisfies readonly LabInfo[];

export type LabSlug = (typeof LABS)[number]['slug'];
export const LAB_SLUGS: readonly LabSlug[] = LABS.map((lab) => lab.slug);

export function isLabSlug(value: string): value is LabSlug {
  return (LAB_SLUGS as readonly string[]).includes(value);
}

/** The lab a path belongs to: `/ailab/aiChat`, `/ailab/aiChat/…` or `/edu/ailab/aiChat` → 'aiChat'. */
export function labOfPath(pathname: string): LabSlug | undefined {
  const match = /^\/(?:edu\/)?ailab\/([^/?#]+)/.exec(pathname);
  const slug = match?.[1];
  return slug && isLabSlug(slug) ? slug : undefined;
}

/** Credits an action costs, shown next to the credit icon and charged by the server. */
export const CREDIT_COSTS = { aiChat: 1, textToImage: 10 } as const satisfies Partial<
  Record<LabSlug, number>
>;

export const labListSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().refine(isLabSlug, { error: (issue) => `unknown lab '${String(issue.input)}'` })));
