/**
 * Conversations and paintings kept per user. Every read and delete is scoped to the owner. A painting the
 * student's teacher hid (issue 16) is gone for the student: not listed, served, replayed or deletable; only
 * the class's review still shows it (ai-review/images.ts). A painting's bytes are in storage under
 * `paintings/<id>` (issue 17); rows from before keep them in the `data` column.
 */
import { randomUUID } from 'node:crypto';
import type { ConversationSummary, Painting } from '@ai-edu/contract';
import { aiConversations, aiImages, aiMessages, type Db } from '@ai-edu/db';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { StoredFileMissing, type BlobStore } from '../../lib/storage/index.ts';
import { imageUrl } from './media.ts';

export const PAINTINGS_PREFIX = 'paintings/';
export const paintingKey = (id: string) => `${PAINTINGS_PREFIX}${id}`;

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

/**
 * Stores the picture, then its row. The bytes go first so a row never names a missing object; if the row
 * cannot be written the object is removed again (and a crash in between leaves an object with no row, which
 * `sweepOrphanPaintings` removes).
 */
export async function saveImage(
  db: Db,
  storage: BlobStore,
  image: { userId: string; prompt: string; style: string; size: string; mime: string; data: Buffer },
  now: Date,
) {
  const { data, ...meta } = image;
  const id = randomUUID();
  const storageKey = paintingKey(id);
  await storage.put(storageKey, data, { contentType: meta.mime });
  try {
    const [row] = await db
      .insert(aiImages)
      .values({ ...meta, id, storageKey, createdAt: now })
      .returning({
        id: aiImages.id,
        prompt: aiImages.prompt,
        style: aiImages.style,
        size: aiImages.size,
        createdAt: aiImages.createdAt,
      });
    return row!;
  } catch (error) {
    await storage.delete([storageKey]).catch(() => undefined);
    throw error;
  }
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

/** The painting's bytes: from storage, or from the row itself for a painting made before storage. */
export async function paintingBytes(
  storage: BlobStore,
  row: { storageKey: string | null; data: Buffer | null },
): Promise<Buffer | undefined> {
  if (!row.storageKey) return row.data ?? undefined;
  return storage.getBuffer(row.storageKey).catch((error: unknown) => {
    if (error instanceof StoredFileMissing) return undefined;
    throw error;
  });
}

export async function deleteImage(db: Db, storage: BlobStore, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(aiImages)
    .where(and(eq(aiImages.id, id), eq(aiImages.userId, userId), isNull(aiImages.hiddenAt)))
    .returning({ storageKey: aiImages.storageKey });
  const keys = rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
  if (keys.length) await storage.delete(keys);
  return rows.length > 0;
}
