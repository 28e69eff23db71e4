/** Courses, sessions and their files (issue 7). */
import { z } from 'zod';
import { displayNameSchema, text } from './input-rules.ts';
import { isLabSlug } from './labs.ts';
import type { Translations } from './translations.ts';

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

const courseFields = {
  title: displayNameSchema(120).min(1),
  description: text().trim().max(2000),
  level: z.enum(COURSE_LEVELS),
};

export const courseInputSchema = z.object({
  ...courseFields,
  description: courseFields.description.default(''),
  level: courseFields.level.default('beginner'),
});
export type CourseInput = z.input<typeof courseInputSchema>;

/** PATCH: only the fields sent change (defaults here would reset the ones left out). */
export const courseUpdateSchema = z.object(courseFields).partial();

const sessionFields = {
  title: displayNameSchema(120).min(1),
  body: text().max(100_000),
  labs: z
    .array(text().refine(isLabSlug, { error: (issue) => `unknown lab '${String(issue.input)}'` }))
    .max(10),
};

export const sessionInputSchema = z.object({
  ...sessionFields,
  body: sessionFields.body.default(''),
  labs: sessionFields.labs.default([]),
});

/** PATCH: only the fields sent change. */
export const sessionUpdateSchema = z.object(sessionFields).partial();
export type SessionInput = z.input<typeof sessionInputSchema>;

/** What an upload is for: a cover or an inline image must be an image; attachments may be documents too. */
export const UPLOAD_PURPOSES = ['cover', 'image', 'attachment'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const FILE_KINDS = ['image', 'pdf', 'slides', 'video'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Largest accepted upload per kind, in bytes. */
export const FILE_LIMITS: Record<FileKind, number> = {
  image: 10 * 1024 * 1024,
  pdf: 50 * 1024 * 1024,
  slides: 50 * 1024 * 1024,
  video: 200 * 1024 * 1024,
};

export interface CourseFile {
  id: string;
  sessionId: string | null;
  filename: string;
  kind: FileKind;
  mime: string;
  size: number;
  url: string;
}

export interface CourseSummary {
  id: string;
  title: string;
  description: string;
  level: (typeof COURSE_LEVELS)[number];
  coverUrl: string | null;
  sessions: number;
  completed: number;
  canEdit: boolean;
  /** Other-language copies of the title and description (seeded courses); null for a school's own. */
  translations: Translations<'title' | 'description'> | null;
}

/** GET /api/courses/featured (public): the home page's course cards. */
export type FeaturedCourse = Pick<
  CourseSummary,
  'id' | 'title' | 'description' | 'level' | 'sessions' | 'translations'
>;

export interface CourseSession {
  id: string;
  position: number;
  title: string;
  body: string;
  labs: string[];
  files: CourseFile[];
  completed: boolean;
  /** Other-language copies of the title and body (seeded lessons); null for a school's own. */
  translations: Translations<'title' | 'body'> | null;
}

export interface CourseDetail extends CourseSummary {
  sessionList: CourseSession[];
}
