/** Courses, sessions and their files (issue 7). */
import { z } from 'zod';
import { displayNameSchema, text } from './input-rules.ts';
import { isLabSlug } from './labs.ts';

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

export const courseInputSchema = z.object({
  title: displayNameSchema(120).min(1),
  description: text().trim().max(2000).default(''),
  level: z.enum(COURSE_LEVELS).default('beginner'),
});
export type CourseInput = z.input<typeof courseInputSchema>;

export const sessionInputSchema = z.object({
  title: displayNameSchema(120).min(1),
  body: text().max(100_000).default(''),
  labs: z
    .array(text().refine(isLabSlug, { error: (issue) => `unknown lab '${String(issue.input)}'` }))
    .max(10)
    .default([]),
});
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
}

export interface CourseSession {
  id: string;
  position: number;
  title: string;
  body: string;
  labs: string[];
  files: CourseFile[];
  completed: boolean;
}

export interface CourseDetail extends CourseSummary {
  sessionList: CourseSession[];
}
