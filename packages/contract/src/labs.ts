/**
 * The lab catalogue (spec §2): every lab's slug, category and what it needs. The web registry adds the
 * pages; the server uses the slugs for per-account and per-school lab access and for metering.
 *
 * No zod here (its schema is in lab-list.ts): the web app's first page reads this catalogue, and the package is
 * free of side effects, so a page that imports only plain data from the contract does not download zod.
 */
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

/**
 * Credits an action costs, shown next to the credit icon and charged by the server. A chat reply costs 1;
 * reading handwriting (textKnow's cloud button) is one chat completion with a photo, whose image tokens
 * cost the school about as much as a second reply, so 2; a painting uses a far dearer model, so 10.
 */
export const CREDIT_COSTS = {
  aiChat: 1,
  textToImage: 10,
  textKnow: 2,
  // Cloud speech recognition is billed per minute of audio (up to 60 s here), about two chat replies.
  voiceIdentify: 2,
  // A cloud voice for up to 500 characters costs about one chat reply.
  voiceSynthesis: 1,
  // Sketch to picture is one image edit by the painting model: as dear as a painting.
  writingPredict: 10,
  // One cloud repair, enhancement or super-resolution of a photo (Volcengine's visual APIs, billed per image).
  imageFix: 3,
} as const satisfies Partial<Record<LabSlug, number>>;

/** Labs that are free to use, whose paid AI call is an optional extra button: their cards show no price. */
export const OPTIONAL_PAID_LABS: readonly LabSlug[] = [
  'textKnow',
  'voiceIdentify',
  'voiceSynthesis',
  'writingPredict',
  'imageFix',
];
