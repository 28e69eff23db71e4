/**
 * The teacher's cockpit (issue 16): teacher accounts a school makes, class credit budgets, the review of
 * students' AI use with the school's word list, lesson mode and the live view of a class. Shapes of every
 * request and answer, shared by the server (validation) and the web (parsing); the routes are listed in
 * `COCKPIT_ROUTES` and documented in docs/api.md.
 */
import { z } from 'zod';
import { displayNameSchema, text } from './input-rules.ts';
import { LAB_SLUGS, type LabSlug } from './labs.ts';
import type { Language } from './languages.ts';

export const COCKPIT_LIMITS = {
  /** Credits one allocation may move, and a per-student daily cap's range. */
  budgetAmountMax: 100_000,
  dailyCapMax: 10_000,
  /** Words in a school's list, and the length of one. */
  blockedWordsMax: 500,
  blockedWordMaxLength: 30,
  retentionDaysMin: 7,
  retentionDaysMax: 730,
  retentionDaysDefault: 180,
  lessonMinutesMin: 5,
  lessonMinutesMax: 240,
  lessonMinutesDefault: 45,
  /** The review's page size (and its maximum). */
  reviewPageSize: 50,
  reviewPageSizeMax: 200,
  /** Rows in one CSV export. */
  reviewCsvMax: 10_000,
} as const;

/** The live view refreshes itself this often (polling: works with any number of server instances). */
export const LIVE_REFRESH_MS = 5_000;
/** A student with activity (a lab opened or left, an AI call) this recently counts as active now. */
export const LIVE_ACTIVE_WINDOW_MS = 5 * 60_000;
/**
 * The live view shows the studio project a student changed last while the change is this recent: autosave
 * writes a few seconds after each pause, so a student building now has a change within minutes.
 */
export const MAKE_BUILDING_WITHIN_MS = 15 * 60_000;

/** Labs whose prompts the review keeps: chat turns and painting prompts (text and sketch to picture). */
export const REVIEWED_LABS = [
  'aiChat',
  'textToImage',
  'writingPredict',
] as const satisfies readonly LabSlug[];
export type ReviewedLab = (typeof REVIEWED_LABS)[number];

// ── Who is in the class area ────────────────────────────────────────────────────────────────────────────

/** GET /api/classes/me: the signed-in staff member (403 notTeacher for anyone else). */
export interface StaffInfo {
  kind: 'school' | 'teacher';
  /** The teacher's name, or the school's company name (or account) for the school. */
  name: string;
  schoolName: string;
}

// ── Teachers (school only) ──────────────────────────────────────────────────────────────────────────────

/** A teacher's login: student-style `name@code` (spec §5), so it signs in with the password form. */
export const teacherAccountSchema = text()
  .trim()
  .toLowerCase()
  .regex(
    /^[\p{L}\p{N}_-]{1,30}@[a-z0-9_-]{2,24}$/u,
    'teacher login: name@code, 1 to 30 letters, digits, - or _ before the @ and 2 to 24 of a–z, 0–9, - or _ after it',
  );

export const teacherInputSchema = z.object({
  name: displayNameSchema(40).min(1),
  account: teacherAccountSchema,
  /**
   * The password's wire digest (spec §7: passwords are sent hashed; the form checks the §5 rules first).
   * Left out, the server makes one that follows the rules and answers it once.
   */
  password: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'password digest: 64 hex characters')
    .optional(),
  classIds: z.array(z.uuid()).max(200).default([]),
});
export type TeacherInput = z.input<typeof teacherInputSchema>;

export const teacherClassesSchema = z.object({ classIds: z.array(z.uuid()).max(200) });

export interface TeacherSummary {
  userId: string;
  name: string;
  account: string;
  classIds: string[];
  createdAt: string;
  lastActiveAt: string | null;
}

/** A created (or reset) teacher; `password` only when the server made it, shown once. */
export interface CreatedTeacher extends TeacherSummary {
  password?: string;
}

// ── School settings: word list and retention (school edits, teachers read) ─────────────────────────────

export const blockedWordSchema = text().trim().min(1).max(COCKPIT_LIMITS.blockedWordMaxLength);

export const schoolSettingsSchema = z.object({
  blockedWords: z
    .array(blockedWordSchema)
    .max(COCKPIT_LIMITS.blockedWordsMax)
    .transform((words) => [...new Set(words.map((w) => w.normalize('NFKC').toLowerCase()))]),
  retentionDays: z.number().int().min(COCKPIT_LIMITS.retentionDaysMin).max(COCKPIT_LIMITS.retentionDaysMax),
});
export type SchoolSettings = z.output<typeof schoolSettingsSchema>;

// ── Class credit budgets ────────────────────────────────────────────────────────────────────────────────

export const budgetInputSchema = z.object({
  /** 'weekly': the class has `amount` each week; 'once': `amount` is added to what the class has now. */
  mode: z.enum(['weekly', 'once']),
  amount: z.number().int().min(1).max(COCKPIT_LIMITS.budgetAmountMax),
  /** Most one student may spend from the class per day; null for no cap. */
  dailyCap: z.number().int().min(1).max(COCKPIT_LIMITS.dailyCapMax).nullable(),
});
export type BudgetInput = z.infer<typeof budgetInputSchema>;

/** GET /api/classes/:id/budget (null data when the class has none: its students spend their own credits). */
export interface ClassBudget {
  mode: 'weekly' | 'once';
  amount: number;
  dailyCap: number | null;
  /** Credits the class has left now (this week, for 'weekly'). */
  balance: number;
  periodStart: string;
  /** Spent by the whole class today (China time), refunds netted. */
  spentToday: number;
  /** The school's own balance: the pool every allocation comes from. */
  schoolBalance: number;
  /** Each student's spending today, for the cap column. */
  students: { userId: string; displayName: string; spentToday: number }[];
}

/** What a student in a budgeted class may still spend today: the smaller of the class's and their cap's. */
export interface StudentBudget {
  classId: string;
  className: string;
  leftToday: number;
  classBalance: number;
  dailyCap: number | null;
  spentToday: number;
}

// ── AI-use review ───────────────────────────────────────────────────────────────────────────────────────

const isoDate = z.iso.date();

export const reviewQuerySchema = z.object({
  student: z.uuid().optional(),
  lab: z.enum(REVIEWED_LABS).optional(),
  /** Days in China time, inclusive (YYYY-MM-DD). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Words searched in the prompt and the answer. */
  q: text().trim().max(100).optional(),
  status: z.enum(['answered', 'failed', 'blocked']).optional(),
  flagged: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(COCKPIT_LIMITS.reviewPageSizeMax)
    .default(COCKPIT_LIMITS.reviewPageSize),
});
export type ReviewQuery = z.input<typeof reviewQuerySchema>;

export interface AiUseRecord {
  id: number;
  userId: string;
  displayName: string;
  account: string;
  lab: ReviewedLab;
  prompt: string;
  answer: string | null;
  /** A signed, expiring link to the painting (also while hidden: staff may look); null when none. */
  imageUrl: string | null;
  imageHidden: boolean;
  credits: number;
  status: 'answered' | 'failed' | 'blocked';
  blockedWord: string | null;
  flagged: boolean;
  createdAt: string;
}

export interface ReviewPage {
  total: number;
  page: number;
  pageSize: number;
  items: AiUseRecord[];
}

export const flagInputSchema = z.object({ flagged: z.boolean() });
export const hideInputSchema = z.object({ hidden: z.boolean() });

// ── Lesson mode ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * A studio project for a lesson: a starter of the catalogue (make-starters.ts) by id, or one of the teacher's
 * own studio projects by id (its workspace is copied when the lesson starts).
 */
export const lessonStarterInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('catalogue'),
    // Checked against the catalogue by the server (the catalogue stays out of this module's importers).
    id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'no starter project has this id'),
  }),
  z.object({ kind: z.literal('project'), id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
]);
export type LessonStarterInput = z.infer<typeof lessonStarterInputSchema>;

export const lessonInputSchema = z.object({
  labs: z
    .array(z.enum(LAB_SLUGS as unknown as [LabSlug, ...LabSlug[]]))
    .min(1)
    .max(LAB_SLUGS.length)
    .transform((labs) => [...new Set(labs)]),
  minutes: z.number().int().min(COCKPIT_LIMITS.lessonMinutesMin).max(COCKPIT_LIMITS.lessonMinutesMax),
  /** Lock every other lab for the class's students while the lesson runs. */
  lockOthers: z.boolean(),
  /** A studio project handed out with the lesson (docs/make-studio.md, "Lessons and the live view"). */
  starter: lessonStarterInputSchema.nullish(),
});
export type LessonInput = z.input<typeof lessonInputSchema>;

/** The studio project a lesson hands out, as the lesson reports it (names per language for a catalogue starter). */
export interface LessonStarter {
  kind: 'catalogue' | 'project';
  name: Record<Language, string>;
}

export interface Lesson {
  id: string;
  classId: string;
  labs: LabSlug[];
  lockOthers: boolean;
  startsAt: string;
  endsAt: string;
  /** Who opened it (a teacher's name or the school's). */
  openedBy: string;
  /** The studio project each student may open as their own copy, or null. */
  starter: LessonStarter | null;
}

// ── Live view ───────────────────────────────────────────────────────────────────────────────────────────

export interface LiveStudent {
  userId: string;
  displayName: string;
  account: string;
  /** 'active': activity within LIVE_ACTIVE_WINDOW_MS; 'signedIn': a live session, quiet; 'offline': none. */
  status: 'active' | 'signedIn' | 'offline';
  /** The lab the student is in now (entered and not left), or null. */
  lab: LabSlug | null;
  lastActiveAt: string | null;
  creditsToday: number;
  /** The studio project the student changed last, while they are building (see MAKE_BUILDING_WITHIN_MS), or null. */
  making: { projectName: string; updatedAt: string } | null;
}

export interface LiveClass {
  at: string;
  refreshMs: number;
  lesson: Lesson | null;
  students: LiveStudent[];
}

// ── A student's own class (GET /api/classes/mine) ───────────────────────────────────────────────────────

/** What a student's class means for them; null data when the student is in no class. */
export interface MyClass {
  classId: string;
  className: string;
  /** Who to ask: the class's teachers' names, else the school's name. */
  teachers: string[];
  budget: StudentBudget | null;
  lesson: Lesson | null;
  /** What the teacher can see (the settings page says so). */
  review: { labs: ReviewedLab[]; retentionDays: number; wordList: boolean };
}

/** Every route of the cockpit, for docs and tests (`:id` is a class id). */
export const COCKPIT_ROUTES = {
  me: 'GET /api/classes/me',
  mine: 'GET /api/classes/mine',
  teachers: 'GET /api/school/teachers',
  createTeacher: 'POST /api/school/teachers',
  teacherClasses: 'PUT /api/school/teachers/:userId/classes',
  teacherPassword: 'POST /api/school/teachers/:userId/password',
  deleteTeacher: 'DELETE /api/school/teachers/:userId',
  settings: 'GET /api/school/settings',
  saveSettings: 'PUT /api/school/settings',
  budget: 'GET /api/classes/:id/budget',
  saveBudget: 'PUT /api/classes/:id/budget',
  endBudget: 'DELETE /api/classes/:id/budget',
  review: 'GET /api/classes/:id/ai-use',
  reviewCsv: 'GET /api/classes/:id/ai-use.csv',
  flag: 'POST /api/classes/:id/ai-use/:recordId/flag',
  hide: 'POST /api/classes/:id/ai-use/:recordId/hide',
  lesson: 'GET /api/classes/:id/lesson',
  startLesson: 'POST /api/classes/:id/lesson',
  endLesson: 'DELETE /api/classes/:id/lesson',
  live: 'GET /api/classes/:id/live',
} as const;
