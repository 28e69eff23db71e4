/**
 * AI routes. Chat streams server-sent events; painting answers JSON. Both go through the gateway, which
 * reserves the cost first and keeps it only when the provider delivered: a chat reply is charged when the
 * provider produced any text (even if stopped or cut off), a painting only when the image arrived.
 */
import {
  CREDIT_COSTS,
  chatRequestSchema,
  messageText,
  textToImageRequestSchema,
  type ChatEvent,
} from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { languageOf, parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller } from '../../plugins/session.ts';
import type { Config } from '../../config.ts';
import { writeExperienceLog } from '../logs/service.ts';
import { AiGateway } from './gateway.ts';
import { verifyImageLink } from './media.ts';
import { ProviderError, type ChatProvider, type ImageProvider } from './providers/types.ts';
import {
  appendMessage,
  conversationMessages,
  createConversation,
  deleteConversation,
  deleteImage,
  imageById,
  imageMeta,
  listConversations,
  listImages,
  ownedConversation,
  saveImage,
  toPainting,
} from './store.ts';

export interface AiRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  ai: Config['ai'];
  mediaSecret: string;
  chat?: ChatProvider;
  image?: ImageProvider;
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

/** Our own deadline plus the client going away before the answer, as one signal for the provider call. */
function callSignal(reply: FastifyReply, timeoutMs: number) {
  const disconnect = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) disconnect.abort(new Error('client closed the connection'));
  };
  reply.raw.once('close', onClose);
  return {
    signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), disconnect.signal]),
    dispose: () => reply.raw.off('close', onClose),
  };
}

function providerFailure(error: unknown): AppError {
  if (error instanceof ProviderError && error.kind === 'timeout') return new AppError('aiTimeout', 504);
  return new AppError('aiProviderFailed', 502);
}

export const aiRoutes: FastifyPluginAsync<AiRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const gateway = new AiGateway(db, options.limiter, options.ai, now);

  app.get('/ai/status', async (request) =>
    productOk(request, { chat: Boolean(options.chat), image: Boolean(options.image), costs: CREDIT_COSTS }),
  );

  app.post('/ai/chat', async (request, reply) => {
    const body = parseInput(chatRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    if (!options.chat || !options.ai.chat) throw new AppError('aiNotConfigured', 503);
    const existing = body.conversationId
      ? await ownedConversation(db, user.id, body.conversationId)
      : undefined;
    if (body.conversationId && !existing) throw new AppError('notFound', 404);

    const admitted = await gateway.admit(user, {
      lab: 'aiChat',
      kind: 'chat',
      cost: CREDIT_COSTS.aiChat,
      idempotencyKey: body.idempotencyKey,
    });
    const stream = openEventStream(reply);
    if ('replay' in admitted) {
      const result = admitted.replay.result as { conversationId: string; text: string };
      stream.send({ type: 'start', conversationId: result.conversationId, cost: 0 });
      stream.send({ type: 'delta', text: result.text });
      stream.send({ type: 'done', charged: false, balance: user.creditBalance });
      return stream.end();
    }

    const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
    const conversation = existing ?? (await createConversation(db, user.id, lastUser?.content ?? '', now()));
    if (lastUser)
      await appendMessage(db, conversation.id, { role: 'user', content: lastUser.content }, now());
    stream.send({ type: 'start', conversationId: conversation.id, cost: CREDIT_COSTS.aiChat });

    let text = '';
    let failure: unknown;
    const call = callSignal(reply, options.ai.chat.timeoutMs);
    try {
      for await (const piece of options.chat.stream(body.messages, call.signal)) {
        text += piece;
        stream.send({ type: 'delta', text: piece });
      }
    } catch (error) {
      failure = error;
    } finally {
      call.dispose();
    }

    if (text)
      await appendMessage(
        db,
        conversation.id,
        { role: 'assistant', content: text, incomplete: Boolean(failure) },
        now(),
      );
    if (text) {
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
    return stream.end();
  });

  app.post('/ai/textToImage_model', async (request, reply) => {
    const body = parseInput(textToImageRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    if (!options.image || !options.ai.image) throw new AppError('aiNotConfigured', 503);
    const admitted = await gateway.admit(user, {
      lab: 'textToImage',
      kind: 'painting',
      cost: CREDIT_COSTS.textToImage,
      idempotencyKey: body.idempotencyKey,
    });
    if ('replay' in admitted) {
      const { imageId } = admitted.replay.result as { imageId: string };
      const row = await imageMeta(db, imageId);
      if (!row) throw new AppError('notFound', 404);
      return productOk(request, {
        ...toPainting(row, options.mediaSecret, now()),
        balance: user.creditBalance,
      });
    }

    const style = STYLE_WORDS[body.style] ?? '';
    const call = callSignal(reply, options.ai.image.timeoutMs);
    let generated;
    try {
      generated = await options.image.generate(
        { prompt: style ? `${body.prompt}, ${style}` : body.prompt, size: body.size },
        call.signal,
      );
    } catch (error) {
      await gateway.refund(admitted, (error as Error).message);
      throw providerFailure(error);
    } finally {
      call.dispose();
    }
    const row = await saveImage(
      db,
      { userId: user.id, prompt: body.prompt, style: body.style, size: body.size, ...generated },
      now(),
    );
    await gateway.commit(admitted, { imageId: row.id });
    await writeExperienceLog(
      db,
      user.id,
      {
        type: 1,
        path: '/ailab/textToImage',
        api_url: '/api/ai/textToImage_model',
        method: 'POST',
        timestamp: now().getTime(),
      },
      now(),
    );
    return productOk(request, { ...toPainting(row, options.mediaSecret, now()), balance: admitted.balance });
  });

  app.get('/ai/images', async (request) => {
    const { user } = await requireCaller(db, request, now());
    const rows = await listImages(db, user.id);
    return productOk(
      request,
      rows.map((row) => toPainting(row, options.mediaSecret, now())),
    );
  });

  app.get('/ai/images/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(
      z.object({ exp: z.coerce.number().int(), sig: z.string().max(100), download: z.string().optional() }),
      request.query,
    );
    if (!verifyImageLink(options.mediaSecret, id, query.exp, query.sig, now()))
      throw new AppError('forbidden', 403);
    const image = await imageById(db, id);
    if (!image) throw new AppError('notFound', 404);
    void reply.header('content-type', image.mime).header('cache-control', 'private, max-age=86400');
    if (query.download) void reply.header('content-disposition', `attachment; filename="painting-${id}.png"`);
    return reply.send(image.data);
  });

  app.delete('/ai/images/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    if (!(await deleteImage(db, user.id, id))) throw new AppError('notFound', 404);
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
