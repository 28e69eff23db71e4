/**
 * The lab registry: one self-describing entry per lab of the contract's catalogue (spec §2). Routes, the lab
 * index cards and the route-permission check all read it. A lab is built by adding its folder: every
 * `./<slug>/index.tsx` is found at build time (each its own lazy chunk), so parallel work on labs never
 * touches a shared file.
 */
import type { ComponentType } from 'react';
import { CREDIT_COSTS, LABS, OPTIONAL_PAID_LABS, type LabCategory, type LabSlug } from '@ai-edu/contract';

/** What a lab chunk exports: its page as the default export. */
export interface LabModule {
  default: ComponentType;
}

export type LabLoader = () => Promise<LabModule>;

/**
 * Built labs: each folder `./<slug>/index.tsx` (default export: the page). A catalogue lab without one shows
 * its "coming soon" page and stays visible on the index.
 */
const LAB_LOADERS = new Map<string, LabLoader>();
for (const [file, load] of Object.entries(import.meta.glob<LabModule>('./*/index.tsx'))) {
  const slug = file.split('/')[1];
  if (slug) LAB_LOADERS.set(slug, load);
}

export interface LabEntry {
  slug: LabSlug;
  category: LabCategory;
  camera: boolean;
  microphone: boolean;
  /** Credits one use costs (charged by the server), when the lab spends credits. */
  cost: number | undefined;
  /** i18n keys in the shared catalogue. */
  titleKey: `labs.${LabSlug}.title`;
  descriptionKey: `labs.${LabSlug}.description`;
  categoryKey: `labCategories.${LabCategory}`;
  /** Loads the lab's chunk; undefined means "coming soon". */
  load: LabLoader | undefined;
}

const costs: Partial<Record<LabSlug, number>> = CREDIT_COSTS;

export const LAB_REGISTRY: readonly LabEntry[] = LABS.map((lab) => ({
  slug: lab.slug,
  category: lab.category,
  camera: 'camera' in lab && lab.camera,
  microphone: 'microphone' in lab && lab.microphone,
  // A lab that works for free (textKnow reads offline) shows no price; its paid button shows its own.
  cost: OPTIONAL_PAID_LABS.includes(lab.slug) ? undefined : costs[lab.slug],
  titleKey: `labs.${lab.slug}.title` as const,
  descriptionKey: `labs.${lab.slug}.description` as const,
  categoryKey: `labCategories.${lab.category}` as const,
  load: LAB_LOADERS.get(lab.slug),
}));

const bySlug = new Map<string, LabEntry>(LAB_REGISTRY.map((entry) => [entry.slug, entry]));

export function findLab(slug: string | undefined): LabEntry | undefined {
  return slug === undefined ? undefined : bySlug.get(slug);
}

/** The route-permission check: the server lists in user info which labs this account may open. */
export function canOpenLab(allowed: readonly string[] | undefined, slug: string): boolean {
  return allowed?.includes(slug) ?? false;
}

/** Case-insensitive search over the translated title and description, within a category ('all' = any). */
export function filterLabs(
  entries: readonly LabEntry[],
  query: string,
  category: LabCategory | 'all',
  translate: (entry: LabEntry) => string,
): LabEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  return entries.filter(
    (entry) =>
      (category === 'all' || entry.category === category) &&
      (needle === '' ||
        entry.slug.toLocaleLowerCase().includes(needle) ||
        translate(entry).toLocaleLowerCase().includes(needle)),
  );
}
