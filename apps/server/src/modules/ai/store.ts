/**
 * Conversations and paintings kept per user. Every read and delete is scoped to the owner. A painting the
 * student's teacher hid (issue 16) is gone for the student: not listed, served, replayed or deletable; only
 * the class's review still shows it (ai-review/images.ts).
 */
import type { ConversationSummary, Painting } from '@ai-edu/contract';
import { aiConversations, aiImages, aiMessages, type Db } from '@ai-edu/db';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { imageUrl } from './media.ts';

export async function ownedConversation(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
  return row;
}

export async function createConversation(db: Db, userId: string, firstMessage: string, now: Date) {
  const title = firstMessage.replace(/\s+/g, ' ').trim().slice(0, 40) || '…';
  const [row] = await db
    .insert(aiConversations)
    .values({ userId, title, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function appendMessage(
  db: Db,
  conversationId: string,
  message: { role: string; content: string; incomplete?: boolean },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(aiMessages)
    .values({
      conversationId,
      role: message.role,
      content: message.content,
      incomplete: message.incomplete ? 1 : 0,
      createdAt: now,
    })
    .returning({ id: aiMessages.id });
  await db.update(aiConversations).set({ updatedAt: now }).where(eq(aiConversations.id, conversationId));
  return row!.id;
}

/** Takes back a message saved for a call that was then refused (no credits, a duplicate, a replay). */
export async function deleteMessage(db: Db, id: number) {
  await db.delete(aiMessages).where(eq(aiMessages.id, id));
}

export async function listConversations(db: Db, userId: string): Promise<ConversationSummary[]> {
  const rows = await db
    .select()
    .from(aiConversations)
    .where(eq(aiConversations.userId, userId))
    .orderBy(desc(aiConversations.updatedAt))
    .limit(100);
  return rows.map((r) => ({ id: r.id, title: r.title, updatedAt: r.updatedAt.toISOString() }));
}

export async function conversationMessages(db: Db, conversationId: string) {
  const rows = await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(asc(aiMessages.id));
  return rows.map((r) => ({ role: r.role, content: r.content, incomplete: r.incomplete === 1 }));
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(aiConversations)
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)))
    .returning({ id: aiConversations.id });
  return rows.length > 0;
}

type ImageRow = Pick<typeof aiImages.$inferSelect, 'id' | 'prompt' | 'style' | 'size' | 'createdAt'>;

export function toPainting(row: ImageRow, mediaSecret: string, now: Date): Painting {
  return {
    id: row.id,
    prompt: row.prompt,
    style: row.style,
    size: row.size,
    url: imageUrl(mediaSecret, row.id, now),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function saveImage(
  db: Db,
  image: { userId: string; prompt: string; style: string; size: string; mime: string; data: Buffer },
  now: Date,
) {
  const [row] = await db
    .insert(aiImages)
    .values({ ...image, createdAt: now })
    .returning({
      id: aiImages.id,
      prompt: aiImages.prompt,
      style: aiImages.style,
      size: aiImages.size,
      createdAt: aiImages.createdAt,
    });
  return row!;
}

export async function listImages(db: Db, userId: string, limit = 60) {
  return db
    .select({
      id: aiImages.id,
      prompt: aiImages.prompt,
      style: aiImages.style,
      size: aiImages.size,
      createdAt: aiImages.createdAt,
    })
    .from(aiImages)
    .where(and(eq(aiImages.userId, userId), isNull(aiImages.hiddenAt)))
    .orderBy(desc(aiImages.createdAt))
    .limit(limit);
}

export async function imageById(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(aiImages)
    .where(and(eq(aiImages.id, id), isNull(aiImages.hiddenAt)));
  return row;
}

export async function imageMeta(db: Db, id: string) {
  const [row] = await db
    .select({
      id: aiImages.id,
      prompt: aiImages.prompt,
      style: aiImages.style,
      size: aiImages.size,
      createdAt: aiImages.createdAt,
    })
    .from(aiImages)
    .where(and(eq(aiImages.id, id), isNull(aiImages.hiddenAt)));
  return row;
}

export async function deleteImage(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(aiImages)
    .where(and(eq(aiImages.id, id), eq(aiImages.userId, userId), isNull(aiImages.hiddenAt)))
    .returning({ id: aiImages.id });
  return rows.length > 0;
}
