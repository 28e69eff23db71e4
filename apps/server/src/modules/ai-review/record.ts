/**
 * What the AI routes tell the review (issue 16). A call by a student in a class is screened against the
 * school's word list before anything is charged or sent, and its outcome is written as one `ai_use_records`
 * row once known. Anyone else (a teacher, a family account) is neither screened nor recorded.
 */
import type { ReviewedLab } from '@ai-edu/contract';
import { aiUseRecords, type Db } from '@ai-edu/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { classOfStudent } from '../classes/access.ts';
import { findBlockedWord } from './blocked-words.ts';
import { schoolSettingsOf } from './settings.ts';

export interface AiUseOutcome {
  /** The last user message of a chat turn, or the painting prompt. */
  prompt: string;
  /** The chat reply (what arrived, even if cut off); null for paintings and failures. */
  answer?: string | null;
  imageId?: string | null;
  /** Credits kept: 0 when refunded or never charged. */
  credits: number;
  status: 'answered' | 'failed' | 'blocked';
  blockedWord?: string | null;
  /** The gateway's ai_requests id, when the call got that far. */
  requestId?: string | null;
}

export async function recordAiUse(
  db: Db,
  who: { userId: string; classId: string },
  lab: ReviewedLab,
  outcome: AiUseOutcome,
  now: Date,
): Promise<void> {
  await db.insert(aiUseRecords).values({
    userId: who.userId,
    classId: who.classId,
    lab,
    // PostgreSQL text cannot hold a NUL.
    prompt: outcome.prompt.replaceAll('\u0000', ''),
    answer: outcome.answer?.replaceAll('\u0000', '') ?? null,
    imageId: outcome.imageId ?? null,
    credits: outcome.credits,
    status: outcome.status,
    blockedWord: outcome.blockedWord ?? null,
    requestId: outcome.requestId ?? null,
    createdAt: now,
  });
}

export interface ReviewedCall {
  /**
   * Refuses prompts with a word from the school's list: the first such prompt is recorded as blocked, then
   * 422 `promptBlocked` names the word.
   */
  screen(...prompts: string[]): Promise<void>;
  /** Records the outcome; never throws (a lost record must not fail the student's call: it is logged). */
  record(outcome: AiUseOutcome): Promise<void>;
}

/**
 * The review's part in one AI call by `userId`: looks up the caller's class and the school's word list once,
 * before anything is charged.
 */
export async function reviewedCall(
  db: Db,
  userId: string,
  lab: ReviewedLab,
  context: { log: FastifyBaseLogger; now: () => Date },
): Promise<ReviewedCall> {
  const student = await classOfStudent(db, userId);
  if (!student) return { screen: async () => {}, record: async () => {} };
  const { blockedWords } = await schoolSettingsOf(db, student.schoolId);
  const who = { userId, classId: student.klass.id };

  const record = async (outcome: AiUseOutcome) => {
    try {
      await recordAiUse(db, who, lab, outcome, context.now());
    } catch (error) {
      context.log.error({ err: error, lab, status: outcome.status }, 'AI use not recorded for the review');
    }
  };
  return {
    async screen(...prompts) {
      for (const prompt of prompts) {
        const word = findBlockedWord(prompt, blockedWords);
        if (word === null) continue;
        await record({ prompt, credits: 0, status: 'blocked', blockedWord: word });
        throw new AppError('promptBlocked', 422, -1, {}, word);
      }
    },
    record,
  };
}
