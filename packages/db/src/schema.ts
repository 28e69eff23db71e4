/**
 * The one schema for both engines (PGlite and PostgreSQL). Secrets are never stored in the clear: session
 * tokens, login uuids and verification codes are kept as hashes; passwords as scrypt of the wire digest.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `{ en: { title: '…' } }`: per language, copies of some text fields (the contract's Translations). */
type Translations<K extends string> = Partial<Record<'en' | 'zh-CN', Partial<Record<K, string>>>>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the person types to log in: an email, a mobile number or a student account `name@school`. */
    account: text('account').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    vip: integer('vip').notNull().default(0),
    accountType: text('account_type').notNull().default('个人账号'),
    /** End of the vip authorization; null means no end (or no authorization at vip 0). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    companyName: text('company_name').notNull().default(''),
    companyAuth: integer('company_auth').notNull().default(0),
    role: text('role').notNull().default('user'),
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
    /** A disabled account cannot log in, and its sessions stop working. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Kept in step with credit_ledger by the credits service only; never negative. */
    creditBalance: integer('credit_balance').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(t.account),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_sso_key').on(t.ssoIssuer, t.ssoSubject),
    check('users_credit_balance_nonnegative', sql`${t.creditBalance} >= 0`),
    check('users_vip_range', sql`${t.vip} between 0 and 2`),
  ],
);

/** Product-API sessions: the client's `uid` is an opaque token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Account-service login tokens (`data.uuid` of a code login), exchanged for sessions by /api/login. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the code behind this token was checked: a password may be set only shortly after. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Sign-ins this token has been exchanged for; it stops working at LOGIN_TOKEN_MAX_USES. */
    uses: integer('uses').notNull().default(0),
    /** Set by logout and by a password reset: the token signs nobody in after that. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('login_tokens_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `email:ann@example.com` or `mobile:13800138000`. */
    destination: text('destination').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_destination_idx').on(t.destination, t.createdAt)],
);

/** One row per destination: the last send, updated conditionally so a cooldown holds across instances. */
export const sendCooldowns = pgTable('send_cooldowns', {
  destination: text('destination').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/** JWT ids already used for single sign-on, kept until the token would have expired. */
export const usedJwtIds = pgTable('used_jwt_ids', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Append-only credits ledger; the same idempotency key never applies twice. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key'),
    /**
     * Set when the row moves a class's allocation (class_budgets.balance) rather than the user's balance:
     * then `user_id` is who acted (the student who spent, the teacher who allocated) and `balance_after` is
     * the class's. No foreign key: the history outlives a deleted class.
     */
    classId: uuid('class_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    index('credit_ledger_class_idx').on(t.classId, t.createdAt),
  ],
);

/** Labs switched off by an admin, for one account (subject = user id) or a whole school (company name). */
export const labAccessRules = pgTable(
  'lab_access_rules',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    denied: text('denied').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lab_access_rules_key').on(t.scope, t.subject)],
);

/** Experience log (spec §3): type 0 entered a lab page, 1 left it or used an API (then api_url is set). */
export const experienceLogs = pgTable(
  'experience_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    path: text('path').notNull(),
    apiUrl: text('api_url'),
    method: text('method'),
    clientTimestamp: bigint('client_timestamp', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('experience_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Education log (spec §3): courses opened (type 0) and files opened within them. */
export const eduLogs = pgTable(
  'edu_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    filename: text('filename'),
    courseId: text('course_id'),
    sessionId: text('session_id'),
    createdAt: createdAt(),
  },
  (t) => [index('edu_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Small documents an admin replaces whole, such as the contact list: one row per name. */
export const siteDocuments = pgTable('site_documents', {
  name: text('name').primaryKey(),
  body: jsonb('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One paid AI call. The idempotency key (per user) makes a retried request find its first attempt;
 * status moves pending → succeeded | failed, and the ledger rows reference the id.
 */
export const aiRequests = pgTable(
  'ai_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key'),
    status: text('status').notNull().default('pending'),
    cost: integer('cost').notNull(),
    charged: integer('charged').notNull().default(0),
    /** What a retry of a finished request gets back (a painting id, say). */
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ai_requests_idempotency_key').on(t.userId, t.idempotencyKey),
    index('ai_requests_user_day_idx').on(t.userId, t.createdAt),
  ],
);

export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_user_idx').on(t.userId, t.updatedAt)],
);

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** An assistant reply cut off by stop, timeout or a provider error. */
    incomplete: integer('incomplete').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('ai_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * The user's paintings. Their bytes are in storage (`storage_key`, "paintings/<id>", issue 17), which every
 * server instance reaches; paintings made before that keep their bytes in `data` and are served from it.
 */
export const aiImages = pgTable(
  'ai_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    style: text('style').notNull(),
    size: text('size').notNull(),
    mime: text('mime').notNull(),
    /** Only paintings made before storage_key existed; null for new ones. */
    data: bytea('data'),
    /** Where the bytes are in storage; null for the old rows that still hold them in `data`. */
    storageKey: text('storage_key'),
    /** Hidden by the student's teacher (issue 16): no longer shown or served to anyone but the class's staff. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('ai_images_user_idx').on(t.userId, t.createdAt)],
);

/** Every administrative action, by whom (null: the command line), on what, with its details. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);

/** Courses (issue 7): ordered sessions with Markdown bodies, files and "try it" lab links. */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    level: text('level').notNull().default('beginner'),
    /** A course file (image) used as the cover. */
    coverFileId: uuid('cover_file_id'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Other-language copies of seeded text, `{ en: { title, description } }`; null for a school's own. */
    translations: jsonb('translations').$type<Translations<'title' | 'description'>>(),
    /** Which demo course this row was seeded from: re-seeding adds missing ones, never duplicates. */
    seedKey: text('seed_key').unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courses_owner_idx').on(t.ownerId)],
);

export const courseSessions = pgTable(
  'course_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Lab slugs the session links to ("try it"). */
    labs: text('labs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Other-language copies of seeded text, `{ en: { title, body } }`; null for a school's own. */
    translations: jsonb('translations').$type<Translations<'title' | 'body'>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_sessions_course_idx').on(t.courseId, t.position)],
);

/** Uploaded files; the bytes live in $DATA_DIR/files/<id> (a shared volume or object storage when scaled out). */
export const courseFiles = pgTable(
  'course_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Null for course-level files such as the cover. */
    sessionId: uuid('session_id').references(() => courseSessions.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('course_files_session_idx').on(t.sessionId)],
);

export const courseProgress = pgTable(
  'course_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => courseSessions.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_progress_key').on(t.userId, t.sessionId),
    index('course_progress_course_idx').on(t.courseId),
  ],
);

/** A teacher's (campus account's) classes and the student accounts made for them. */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The part after the at-sign of this class's student accounts (`name@school`). */
    schoolCode: text('school_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('classes_owner_idx').on(t.ownerId)],
);

export const classStudents = pgTable(
  'class_students',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('class_students_key').on(t.classId, t.userId),
    index('class_students_user_idx').on(t.userId),
  ],
);

/** Limited-time events: a window, and rewards paid through the ledger (redeem code, daily check-in). */
export const events = pgTable('events', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** HMAC of the redeem code (normalised to upper case); null when the event has none. */
  redeemCodeHash: text('redeem_code_hash'),
  redeemCredits: integer('redeem_credits').notNull().default(0),
  checkinCredits: integer('checkin_credits').notNull().default(0),
  /** Other-language copies of seeded text, `{ en: { title, body } }`; null for a school's own. */
  translations: jsonb('translations').$type<Translations<'title' | 'body'>>(),
  /** Set on the demo event, so a later start can find it again. */
  seedKey: text('seed_key').unique(),
  createdAt: createdAt(),
});

/**
 * The school's own doodle set (quickDraw): drawings students chose to share, as the doodle network's 28×28
 * input (784 bytes, 0 = paper … 255 = ink) with the label they gave it. One set per school account (the
 * campus account that owns the students' classes); the school can clear it.
 */
export const schoolDoodles = pgTable(
  'school_doodles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who shared it; their drawings go with their account. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    pixels: bytea('pixels').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('school_doodles_school_idx').on(t.schoolId, t.id),
    check('school_doodles_pixels_size', sql`octet_length(${t.pixels}) = 784`),
  ],
);

/**
 * Model training (issue 15): a user's training projects. The dataset's files live in $DATA_DIR/train/<key>;
 * a school account may share one project read-only with one of its classes (`sharedClassId`).
 */
export const trainProjects = pgTable(
  'train_projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    classes: jsonb('classes').$type<string[]>().notNull(),
    settings: jsonb('settings')
      .$type<{ epochs: number; learningRate: number; batchSize: number; augment: boolean }>()
      .notNull(),
    splitSeed: integer('split_seed').notNull(),
    lastRun: jsonb('last_run').$type<{
      at: string;
      epochs: number;
      trainMs: number;
      accuracy: number | null;
      map: number | null;
    }>(),
    sharedClassId: uuid('shared_class_id').references(() => classes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('train_projects_owner_idx').on(t.ownerId),
    index('train_projects_class_idx').on(t.sharedClassId),
    check('train_projects_kind', sql`${t.kind} in ('cls', 'det')`),
  ],
);

/**
 * One image of a project's dataset. `fileKey`/`thumbKey` name files under $DATA_DIR/train; a duplicated
 * project's rows point at the same files (a file goes when no row names it any more). `ownerId` is the
 * project's owner, whose quota the row's bytes count against (a copy counts again for its own owner).
 */
export const trainImages = pgTable(
  'train_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => trainProjects.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label'),
    split: text('split'),
    boxes: jsonb('boxes')
      .$type<{ label: string; x: number; y: number; w: number; h: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    bytes: integer('bytes').notNull(),
    thumbKey: text('thumb_key'),
    thumbBytes: integer('thumb_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('train_images_project_idx').on(t.projectId, t.id),
    index('train_images_owner_idx').on(t.ownerId),
    index('train_images_file_idx').on(t.fileKey),
    index('train_images_thumb_idx').on(t.thumbKey),
  ],
);

/** A model a user saved from a project (an exported TF.js zip or ONNX file), in $DATA_DIR/train/<fileKey>. */
export const trainModels = pgTable(
  'train_models',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => trainProjects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    bytes: integer('bytes').notNull(),
    summary: jsonb('summary').$type<{
      at: string;
      epochs: number;
      trainMs: number;
      accuracy: number | null;
      map: number | null;
    }>(),
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('train_models_project_idx').on(t.projectId, t.userId),
    index('train_models_user_idx').on(t.userId),
  ],
);

/**
 * The last model a user trained on a project (the training page's head and its summary, one opaque file the
 * page wrote), so that it is there again on another device or after the browser's storage is cleared
 * (issue 25). One per user and project: a new training replaces it. Not one of the "saved models".
 */
export const trainLastModels = pgTable(
  'train_last_models',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => trainProjects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    fileKey: text('file_key').notNull(),
    /** When the page finished that training (its own clock), to tell which of two copies is newer. */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('train_last_models_user_idx').on(t.userId)],
);

/** An ONNX model a user uploaded to evaluate (spec §7 `onnx/upload`), with what its protobuf says. */
export const onnxModels = pgTable(
  'onnx_models',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: integer('bytes').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    inputs: jsonb('inputs').$type<{ name: string; shape: (number | string | null)[] }[]>().notNull(),
    outputs: jsonb('outputs').$type<{ name: string; shape: (number | string | null)[] }[]>().notNull(),
    opsetVersion: integer('opset_version'),
    producer: text('producer').notNull().default(''),
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('onnx_models_user_idx').on(t.userId)],
);

/** The result of evaluating a model on a project's test images (spec §7 `evaluation`). */
export const trainEvaluations = pgTable(
  'train_evaluations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => trainProjects.id, { onDelete: 'cascade' }),
    /** `onnx`, `saved` or `page`; the model's name is kept as it was (the model may go later). */
    modelSource: text('model_source').notNull(),
    modelName: text('model_name').notNull(),
    imageCount: integer('image_count').notNull(),
    metrics: jsonb('metrics').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('train_evaluations_user_idx').on(t.userId, t.projectId, t.id)],
);

/**
 * The teacher's cockpit (issue 16). A school (campus account) makes teacher accounts and assigns classes to
 * them; a class always belongs to its school (`classes.owner_id`), whoever made it.
 */
export const schoolTeachers = pgTable(
  'school_teachers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How students and the school see the teacher ("Ms Li"). */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('school_teachers_school_idx').on(t.schoolId)],
);

/** Which teachers teach a class (a class may have several; a teacher several classes). */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('class_teachers_key').on(t.classId, t.teacherId),
    index('class_teachers_teacher_idx').on(t.teacherId),
  ],
);

/**
 * A class's credit allocation, carved out of its school's balance through the ledger: allocating moves
 * credits from the school to the class (two ledger rows), a student's paid call spends from the class.
 * `balance` is kept in step with the ledger rows whose `class_id` is this class, by the credits service only.
 */
export const classBudgets = pgTable(
  'class_budgets',
  {
    classId: uuid('class_id')
      .primaryKey()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** 'weekly': refilled to `amount` at the start of each week (Monday, China time); 'once': a one-off. */
    mode: text('mode').notNull(),
    amount: integer('amount').notNull(),
    /** Most a student may spend from this class per day (China time); null: no cap. */
    dailyCap: integer('daily_cap'),
    balance: integer('balance').notNull().default(0),
    /** Start of the week the weekly balance belongs to; for 'once', when it was last allocated. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('class_budgets_balance_nonnegative', sql`${t.balance} >= 0`),
    check('class_budgets_mode', sql`${t.mode} in ('weekly', 'once')`),
  ],
);

/** A school's rules for its classes' AI use: words refused before a prompt is sent, and record retention. */
export const schoolSettings = pgTable('school_settings', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  blockedWords: text('blocked_words')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Days an AI-use record is kept for the teacher's review (default 180). */
  retentionDays: integer('retention_days').notNull().default(180),
  /**
   * The school's code, after the at-sign of every login its classes and teachers get (`zhangsan@demo`): set
   * once, by the school or with its first class. Null for a school that set none; one with classes from
   * before (issue 25) then goes by its first class's code.
   */
  schoolCode: text('school_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every AI chat turn and painting prompt of a student in a class, for the teacher's review: what was asked,
 * what came back, what it cost, and whether the word list refused it before it was sent.
 */
export const aiUseRecords = pgTable(
  'ai_use_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** The lab slug: aiChat, textToImage or writingPredict (sketch to picture). */
    lab: text('lab').notNull(),
    prompt: text('prompt').notNull(),
    answer: text('answer'),
    imageId: uuid('image_id').references(() => aiImages.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull().default(0),
    /** 'answered' | 'failed' | 'blocked' (refused by the school's word list, never sent). */
    status: text('status').notNull(),
    blockedWord: text('blocked_word'),
    requestId: uuid('request_id'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    flaggedBy: uuid('flagged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_use_records_class_idx').on(t.classId, t.createdAt),
    index('ai_use_records_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Lesson mode: labs a teacher opened for a class for a time window, optionally locking all others. */
export const classLessons = pgTable(
  'class_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    labs: text('labs').array().notNull(),
    lockOthers: integer('lock_others').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when the teacher ends the lesson early. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** A studio starter of the catalogue (packages/contract/src/make-starters.ts) handed out with the lesson. */
    starterId: text('starter_id'),
    /**
     * Or a teacher's own studio project handed out with the lesson: its name and workspace as they were when the
     * lesson started (later edits by the teacher do not change what students get).
     */
    starterName: text('starter_name'),
    starterWorkspace: text('starter_workspace'),
  },
  (t) => [index('class_lessons_class_idx').on(t.classId, t.endsAt)],
);

/**
 * The block studio (issue 26): a student's block programs. `workspace` is Blockly's JSON serialisation kept as
 * text, exactly as the server wrote it: jsonb would refuse strings PostgreSQL cannot hold (a lone UTF-16
 * surrogate) with a server error, and nothing here queries inside a program. `bytes` is its UTF-8 length.
 */
export const makeProjects = pgTable(
  'make_projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    workspace: text('workspace').notNull(),
    bytes: integer('bytes').notNull(),
    /** Shown in the owner's classes' gallery to classmates (teachers of the class see every project anyway). */
    sharedWithClass: boolean('shared_with_class').notNull().default(false),
    /**
     * SHA-256 (hex) of the project's read-only share link token, or null when it has none. Only the hash is kept:
     * a leaked database does not open anyone's links; making a new link replaces (revokes) the old one.
     */
    shareTokenHash: text('share_token_hash'),
    /** A small picture of the program: a PNG, WebP or JPEG data URL (≤ 30 KB, checked), or null. */
    thumbnail: text('thumbnail'),
    /** The lesson whose starter this project is a copy of: a student gets one copy per lesson. */
    lessonId: uuid('lesson_id').references(() => classLessons.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('make_projects_owner_idx').on(t.ownerId, t.updatedAt),
    uniqueIndex('make_projects_share_token_key').on(t.shareTokenHash),
    uniqueIndex('make_projects_lesson_copy_key').on(t.ownerId, t.lessonId),
  ],
);

/**
 * A project's own pictures (costumes: a student's image or camera snapshot). The bytes are in storage under
 * `storage_key` (`make-assets/<uuid>`); a duplicated or remixed project's rows name the same objects, so an
 * object goes only when no row names it. `owner_id` is the project's owner, kept here for the per-user quota.
 */
export const makeProjectAssets = pgTable(
  'make_project_assets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => makeProjects.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** image/png, image/jpeg, image/webp or image/gif, from the file's first bytes. */
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('make_project_assets_project_idx').on(t.projectId, t.id),
    index('make_project_assets_owner_idx').on(t.ownerId),
    index('make_project_assets_key_idx').on(t.storageKey),
  ],
);

/** A project's last saved workspaces (the newest 20 are kept), for going back after a mistake. */
export const makeProjectVersions = pgTable(
  'make_project_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => makeProjects.id, { onDelete: 'cascade' }),
    workspace: text('workspace').notNull(),
    bytes: integer('bytes').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('make_project_versions_project_idx').on(t.projectId, t.id)],
);
