/**
 * POST /api/ai/chat and its `text/event-stream` answer, read with fetch and a stream reader (EventSource
 * cannot POST or send headers). Events are the contract's `ChatEvent`s, one JSON object per `data:` line.
 */
import { z } from 'zod';
import type { ChatEvent, ChatRequest } from '@ai-edu/contract';
import { buildApiRequest } from '../../lib/api-client.ts';

const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), conversationId: z.string(), cost: z.number() }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), charged: z.boolean(), balance: z.number() }),
  z.object({ type: z.literal('error'), message: z.string(), charged: z.boolean(), balance: z.number() }),
]) satisfies z.ZodType<ChatEvent>;

/**
 * Splits server-sent events out of text chunks as they arrive (a chunk may end mid-line or mid-event) and
 * hands each event's data on. Lines other than `data:` (comments, `event:`, `id:`) are ignored.
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'));
      data = [];
    } else if (text.startsWith('data:')) {
      data.push(text.slice(text.startsWith('data: ') ? 6 : 5));
    }
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      // A chunk ending in '\r' may be the first half of '\r\n': keep it until the next chunk tells.
      const cut = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
      const lines = buffer.slice(0, cut).split(/\r\n|\r|\n/);
      buffer = (lines.pop() ?? '') + buffer.slice(cut);
      for (const text of lines) line(text);
    },
    /** The stream ended: an event without its closing blank line still counts. */
    end() {
      if (buffer.replace(/\r$/, '') !== '') line(buffer.replace(/\r$/, ''));
      buffer = '';
      line('');
    },
  };
}

export function parseChatEvent(data: string): ChatEvent | null {
  try {
    const parsed = chatEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The server refused before the stream opened: HTTP status and its translated message. */
export class ChatRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(serverMessage || `HTTP ${status}`);
    this.name = 'ChatRefusedError';
  }
}

async function refusalOf(res: Response): Promise<ChatRefusedError> {
  let message = '';
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
      message = body.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ChatRefusedError(res.status, message);
}

export interface StreamChatOptions {
  uid: string | undefined;
  language: string;
  signal: AbortSignal;
  onEvent: (event: ChatEvent) => void;
}

/** Sends one chat turn and calls `onEvent` for each event until the stream ends (or the signal aborts). */
export async function streamChat(body: ChatRequest, options: StreamChatOptions): Promise<void> {
  const { url, init } = buildApiRequest(
    '/api/ai/chat',
    { method: 'POST', json: { ...body }, signal: options.signal },
    { uid: options.uid, language: options.language },
  );
  const res = await fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body) throw await refusalOf(res);

  const parser = createSseParser((data) => {
    const event = parseChatEvent(data);
    if (event) options.onEvent(event);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
