/**
 * AI routes. Chat streams server-sent events; painting and handwriting reading answer JSON. All go through
 * the gateway, which reserves the cost first and keeps it only when the provider delivered: a chat reply is
 * charged when the provider produced any text (even if stopped or cut off), a painting only when the image
 * arrived, a handwriting reading only when it found some text.
 */
import {
  CREDIT_COSTS,
  GALLERY_PICTURE_MAX_BYTES,
  GALLERY_SAVES_PER_MINUTE,
  HANDWRITING_MAX_BYTES,
  TINY_PAINTER_STYLE,
  galleryPictureRequestSchema,
  chatRequestSchema,
  handwritingOcrRequestSchema,
  messageText,
  textToImageRequestSchema,
  type ChatEvent,
} from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { languageOf, parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { requireCaller } from '../../plugins/session.ts';
import type { Config } from '../../config.ts';
import { reviewedCall } from '../ai-review/record.ts';
import { assertLabOpen } from '../labs/access.ts';
import { AiGateway } from './gateway.ts';
import { callSignal, paidCalls, providerFailure } from './paid-call.ts';
import { paintingResults } from './painting-results.ts';
import { schedulePaintingSweep } from './painting-sweep.ts';
import { verifyImageLink } from './media.ts';
import { decodeGalleryPicture, decodePhoto } from './photo.ts';
import type { AiProviderSource } from './provider-settings.ts';
import type { SpeechProviderSource } from './speech-providers.ts';
import {
  appendMessage,
  conversationMessages,
  createConversation,
  deleteConversation,
  deleteImage,
  deleteMessage,
  imageById,
  listConversations,
  listImages,
  ownedConversation,
  paintingBytes,
  saveImage,
  toPainting,
} from './store.ts';

export interface AiRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  ai: Config['ai'];
  mediaSecret: string;
  /** Where paintings are stored (lib/storage). */
  storage: BlobStore;
  /** The providers as currently configured (environment or admin console), asked per call. */
  providers: AiProviderSource;
  /** Speech recognition and synthesis (speech-routes.ts), for the status answer. */
  speech?: SpeechProviderSource;
  now: () => Date;
}

/** Style presets become words in the prompt: the OpenAI images API has no portable style setting. */
const STYLE_WORDS: Record<string, string> = {
  none: '',
  watercolor: 'watercolor painting',
  ink: 'traditional Chinese ink wash painting',
  cartoon: 'cartoon illustration',
  photo: 'realistic photograph',
  pixel: 'pixel art',
  oil: 'oil painting',
};

const idParams = z.object({ id: z.uuid() });

export const aiRoutes: FastifyPluginAsync<AiRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const gateway = new AiGateway(db, options.limiter, options.ai, now);

  const { callProvider, logApiUse, refundQuietly } = paidCalls(db, gateway, app.log, now);
  const paintings = paintingResults(db, options.storage, gateway, refundQuietly, options.mediaSecret, now);
  // Paintings whose rows went with their user (a database cascade) are removed from storage here.
  schedulePaintingSweep(app, db, options.storage);

  // Only whether each provider is ready: its address, model and key are for the admin console alone.
  app.get('/ai/status', async (request) =>
    productOk(request, {
      ...(await options.providers.configured()),
      ...(options.speech?.configured() ?? { speech: false, tts: false }),
      costs: CREDIT_COSTS,
    }),
  );

  app.post('/ai/chat', async (request, reply) => {
    const body = parseInput(chatRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
    const prompt = lastUser?.content ?? '';
    // The history comes from the client: everything in it the student wrote is screened, newest first, so
    // a refused question cannot reach the model as history of the next one. The model's own replies are not.
    const review = await reviewedCall(db, user.id, 'aiChat', { log: request.log, now });
    await review.screen(
      ...body.messages
        .filter((m) => m.role !== 'assistant')
        .map((m) => m.content)
        .reverse(),
    );
    const chatProvider = await options.providers.chat();
    if (!chatProvider) throw new AppError('aiNotConfigured', 503);
    const existing = body.conversationId
      ? await ownedConversation(db, user.id, body.conversationId)
      : undefined;
    if (body.conversationId && !existing) throw new AppError('notFound', 404);

    // The question is saved before any charge: if the database refuses it, nothing was reserved. If the
    // call is then refused (no credits, a duplicate, a replay), what was saved for it is taken back.
    const conversation = existing ?? (await createConversation(db, user.id, lastUser?.content ?? '', now()));
    const questionId = lastUser
      ? await appendMessage(db, conversation.id, { role: 'user', content: lastUser.content }, now())
      : undefined;
    const takeBack = async () => {
      if (!existing) await deleteConversation(db, user.id, conversation.id);
      else if (questionId !== undefined) await deleteMessage(db, questionId);
    };

    let admitted;
    try {
      admitted = await gateway.admit(user, {
        lab: 'aiChat',
        kind: 'chat',
        cost: CREDIT_COSTS.aiChat,
        idempotencyKey: body.idempotencyKey,
      });
    } catch (error) {
      await takeBack();
      throw error;
    }
    if ('replay' in admitted) {
      await takeBack();
      const result = admitted.replay.result as { conversationId: string; text: string };
      const stream = openEventStream(reply);
      stream.send({ type: 'start', conversationId: result.conversationId, cost: 0 });
      stream.send({ type: 'delta', text: result.text });
      stream.send({ type: 'done', charged: false, balance: user.creditBalance });
      return stream.end();
    }

    const stream = openEventStream(reply);
    const requestId = admitted.request.id;
    let text = '';
    try {
      stream.send({ type: 'start', conversationId: conversation.id, cost: CREDIT_COSTS.aiChat });
      let failure: unknown;
      const call = callSignal(reply, options.ai.chatTimeoutMs);
      try {
        for await (const piece of chatProvider.stream(body.messages, call.signal)) {
          // PostgreSQL text cannot hold a NUL: a provider's stray one must not cost the answer.
          const clean = piece.replaceAll('\u0000', '');
          text += clean;
          if (clean) stream.send({ type: 'delta', text: clean });
        }
      } catch (error) {
        failure = error;
      } finally {
        call.dispose();
      }

      if (text) {
        await appendMessage(
          db,
          conversation.id,
          { role: 'assistant', content: text, incomplete: Boolean(failure) },
          now(),
        );
        await gateway.commit(admitted, { conversationId: conversation.id, text });
      }
      const balance = text
        ? admitted.balance
        : await gateway.refund(admitted, failure instanceof Error ? failure.message : 'no output');
      if (failure) {
        request.log.warn({ err: failure }, 'chat provider call ended early');
        const message = messageText(providerFailure(failure).messageKey, languageOf(request));
        stream.send({ type: 'error', message, charged: Boolean(text), balance });
      } else {
        stream.send({ type: 'done', charged: Boolean(text), balance });
      }
      await review.record(
        text
          ? { prompt, answer: text, credits: admitted.request.cost, status: 'answered', requestId }
          : { prompt, credits: 0, status: 'failed', requestId },
      );
    } catch (error) {
      // Anything failing after the reservation (a database error, say): refund once and say so on the
      // stream, which is already open, so the error handler cannot answer any more.
      request.log.error({ err: error }, 'chat failed after the reservation');
      const balance = await refundQuietly(admitted, error);
      const message = messageText('internalRefunded', languageOf(request));
      stream.send({ type: 'error', message, charged: false, balance });
      await review.record({ prompt, answer: text || null, credits: 0, status: 'failed', requestId });
    }
    return stream.end();
  });

  app.post('/ai/textToImage_model', async (request, reply) => {
    const body = parseInput(textToImageRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    const review = await reviewedCall(db, user.id, 'textToImage', { log: request.log, now });
    await review.screen(body.prompt);
    const imageProvider = await options.providers.image();
    if (!imageProvider) throw new AppError('aiNotConfigured', 503);
    const admitted = await gateway.admit(user, {
      lab: 'textToImage',
      kind: 'painting',
      cost: CREDIT_COSTS.textToImage,
      idempotencyKey: body.idempotencyKey,
    });
    if ('replay' in admitted)
      return productOk(request, await paintings.replayed(admitted.replay, user.creditBalance));

    const style = STYLE_WORDS[body.style] ?? '';
    const painting = await paintings.delivered(
      request,
      admitted,
      { review, prompt: body.prompt, what: 'painting' },
      async () => {
        const generated = await callProvider(admitted, reply, options.ai.imageTimeoutMs, (signal) =>
          imageProvider.generate(
            { prompt: style ? `${body.prompt}, ${style}` : body.prompt, size: body.size },
            signal,
          ),
        );
        return { userId: user.id, prompt: body.prompt, style: body.style, size: body.size, ...generated };
      },
    );
    await logApiUse(request, user.id, '/ailab/textToImage', '/api/ai/textToImage_model');
    return productOk(request, painting);
  });

  /**
   * Cloud handwriting reading for the text lab (spec §7 `handwritingOCR`): a photo in, its text out. The
   * photo is checked before anything is charged and is not kept: only the text is, for a retry's replay.
   */
  app.post(
    '/ai/handwritingOCR',
    // The photo travels as base64 inside JSON: 20 MB of photo is about 27 MB of text.
    { bodyLimit: Math.ceil(HANDWRITING_MAX_BYTES / 3) * 4 + 64 * 1024 },
    async (request, reply) => {
      const body = parseInput(handwritingOcrRequestSchema, request.body);
      const { user } = await requireCaller(db, request, now());
      const photo = decodePhoto(body.image);
      const visionProvider = await options.providers.vision();
      if (!visionProvider) throw new AppError('aiNotConfigured', 503);
      const admitted = await gateway.admit(user, {
        lab: 'textKnow',
        kind: 'handwriting',
        cost: CREDIT_COSTS.textKnow,
        idempotencyKey: body.idempotencyKey,
      });
      if ('replay' in admitted) {
        const { text } = admitted.replay.result as { text: string };
        return productOk(request, { text, charged: false, balance: user.creditBalance });
      }

      const text = await callProvider(admitted, reply, options.ai.visionTimeoutMs, (signal) =>
        visionProvider.transcribe(photo, signal),
      );
      // Nothing readable in the photo: an honest empty answer, not charged.
      if (!text) {
        const balance = await refundQuietly(admitted, new Error('no text found'));
        return productOk(request, { text: '', charged: false, balance });
      }
      try {
        await gateway.commit(admitted, { text });
      } catch (error) {
        request.log.error({ err: error }, 'handwriting failed after the reservation');
        await refundQuietly(admitted, error);
        throw new AppError('internalRefunded', 500);
      }
      await logApiUse(request, user.id, '/ailab/textKnow', '/api/ai/handwritingOCR');
      return productOk(request, { text, charged: true, balance: admitted.balance });
    },
  );

  app.get('/ai/images', async (request) => {
    const { user } = await requireCaller(db, request, now());
    const rows = await listImages(db, user.id);
    return productOk(
      request,
      rows.map((row) => toPainting(row, options.mediaSecret, now())),
    );
  });

  /**
   * A picture made in the browser (the tiny painter, textToImage's offline mode) joins the gallery like a
   * cloud painting: no provider, no credits. Its bytes are checked (PNG, ≤ 512 KB, ≤ 1,024 px); a student's
   * is screened and recorded for the class's review like a cloud painting.
   */
  app.post(
    '/ai/images',
    { bodyLimit: Math.ceil(GALLERY_PICTURE_MAX_BYTES / 3) * 4 + 16 * 1024 },
    async (request) => {
      const body = parseInput(galleryPictureRequestSchema, request.body);
      const { user } = await requireCaller(db, request, now());
      await assertLabOpen(db, user, 'textToImage', now());
      const picture = decodeGalleryPicture(body.image);
      const minute = await options.limiter.hit(`gallery-save:${user.id}`, GALLERY_SAVES_PER_MINUTE, 60_000);
      if (!minute.allowed) throw tooManyRequests(minute.retryAfterMs);
      const review = await reviewedCall(db, user.id, 'textToImage', { log: request.log, now });
      await review.screen(body.prompt);
      const row = await saveImage(
        db,
        options.storage,
        {
          userId: user.id,
          prompt: body.prompt,
          style: TINY_PAINTER_STYLE,
          size: `${picture.width}x${picture.height}`,
          mime: picture.mime,
          data: picture.data,
        },
        now(),
      );
      await review.record({ prompt: body.prompt, imageId: row.id, credits: 0, status: 'answered' });
      return productOk(request, toPainting(row, options.mediaSecret, now()));
    },
  );

  app.get('/ai/images/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(
      z.object({ exp: z.coerce.number().int(), sig: z.string().max(100), download: z.string().optional() }),
      request.query,
    );
    if (!verifyImageLink(options.mediaSecret, id, query.exp, query.sig, now()))
      throw new AppError('forbidden', 403);
    const image = await imageById(db, id);
    const bytes = image && (await paintingBytes(options.storage, image));
    if (!image || !bytes) throw new AppError('notFound', 404);
    void reply.header('content-type', image.mime).header('cache-control', 'private, max-age=86400');
    if (query.download) void reply.header('content-disposition', `attachment; filename="painting-${id}.png"`);
    return reply.send(bytes);
  });

  app.delete('/ai/images/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    if (!(await deleteImage(db, options.storage, user.id, id))) throw new AppError('notFound', 404);
    return productOk(request, null);
  });

  app.get('/ai/conversations', async (request) => {
    const { user } = await requireCaller(db, request, now());
    return productOk(request, await listConversations(db, user.id));
  });

  app.get('/ai/conversations/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const conversation = await ownedConversation(db, user.id, id);
    if (!conversation) throw new AppError('notFound', 404);
    return productOk(request, {
      id: conversation.id,
      title: conversation.title,
      messages: await conversationMessages(db, conversation.id),
    });
  });

  app.delete('/ai/conversations/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    if (!(await deleteConversation(db, user.id, id))) throw new AppError('notFound', 404);
    return productOk(request, null);
  });
};

/** Takes over the response for server-sent events, keeping the security headers already set. */
function openEventStream(reply: FastifyReply) {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return {
    send(event: ChatEvent) {
      if (!raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (!raw.destroyed) raw.end();
    },
  };
}
