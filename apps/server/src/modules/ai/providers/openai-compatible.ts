/**
 * Adapters for the OpenAI HTTP API as documented (POST /chat/completions with `stream: true` answering
 * server-sent events of `chat.completion.chunk`; POST /images/generations; POST /images/edits). Any compatible
 * server works:
 * OpenAI, a cloud model's compatible endpoint, or a school's own Ollama or vLLM (`…/v1`).
 */
import type { ChatMessage } from '@ai-edu/contract';
import {
  ProviderError,
  type ChatProvider,
  type GeneratedImage,
  type ImageEditProvider,
  type ImageProvider,
  type PhotoInput,
  type VisionProvider,
} from './types.ts';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

function headers(settings: OpenAiSettings): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
  };
}

/** Turns fetch failures into ProviderError, telling our own deadline apart from the caller's abort. */
export function failure(error: unknown, signal: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
    return new ProviderError(
      timedOut ? 'provider timed out' : 'request aborted',
      timedOut ? 'timeout' : 'aborted',
    );
  }
  // fetch says only "fetch failed"; the cause names what happened (ECONNREFUSED, a DNS failure…).
  const cause = (error as Error).cause;
  const detail = [(error as Error).message, cause instanceof Error ? cause.message : undefined]
    .filter(Boolean)
    .join(': ');
  return new ProviderError(`provider unreachable: ${detail}`, 'error', undefined, detail);
}

export async function refusal(response: Response): Promise<ProviderError> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string };
    message = typeof body.error === 'string' ? body.error : (body.error?.message ?? message);
  } catch {
    // Not JSON: keep the text.
  }
  return new ProviderError(
    `provider answered ${response.status}: ${message}`,
    'error',
    response.status,
    message,
  );
}

/** Splits a server-sent event stream into the payloads of its `data:` lines. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) yield line.slice(5).trimStart();
    }
  }
  if (buffer.startsWith('data:')) yield buffer.slice(5).trimStart();
}

export class OpenAiChatProvider implements ChatProvider {
  constructor(private readonly settings: OpenAiSettings) {}

  async *stream(messages: ChatMessage[], signal: AbortSignal): AsyncIterable<string> {
    let response: Response;
    try {
      response = await fetch(endpoint(this.settings.baseUrl, '/chat/completions'), {
        method: 'POST',
        headers: headers(this.settings),
        body: JSON.stringify({ model: this.settings.model, messages, stream: true }),
        signal,
      });
    } catch (error) {
      throw failure(error, signal);
    }
    if (!response.ok || !response.body) throw await refusal(response);
    try {
      for await (const data of sseData(response.body)) {
        if (data === '[DONE]') return;
        const chunk = JSON.parse(data) as {
          choices?: { delta?: { content?: string | null } }[];
          error?: { message?: string };
        };
        if (chunk.error)
          throw new ProviderError(`provider error: ${chunk.error.message ?? 'unknown'}`, 'error');
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) yield text;
      }
    } catch (error) {
      throw failure(error, signal);
    }
  }
}

/** The picture in an images API answer (/images/generations and /images/edits answer alike). */
async function paintingOf(response: Response, signal: AbortSignal): Promise<GeneratedImage> {
  if (!response.ok) throw await refusal(response);
  const body = (await response.json()) as { data?: { b64_json?: string; url?: string }[] };
  const first = body.data?.[0];
  if (first?.b64_json) return { data: Buffer.from(first.b64_json, 'base64'), mime: 'image/png' };
  // Some servers only return a link: fetch it now, server-side, so the gallery keeps its own copy.
  if (first?.url) {
    const image = await fetch(first.url, { signal });
    if (!image.ok) throw await refusal(image);
    return {
      data: Buffer.from(await image.arrayBuffer()),
      mime: image.headers.get('content-type')?.split(';')[0] ?? 'image/png',
    };
  }
  throw new ProviderError('provider answered without an image', 'error');
}

export class OpenAiImageProvider implements ImageProvider {
  constructor(private readonly settings: OpenAiSettings) {}

  async generate(input: { prompt: string; size: string }, signal: AbortSignal): Promise<GeneratedImage> {
    try {
      const response = await fetch(endpoint(this.settings.baseUrl, '/images/generations'), {
        method: 'POST',
        headers: headers(this.settings),
        body: JSON.stringify({
          model: this.settings.model,
          prompt: input.prompt,
          size: input.size,
          n: 1,
          response_format: 'b64_json',
        }),
        signal,
      });
      return await paintingOf(response, signal);
    } catch (error) {
      throw failure(error, signal);
    }
  }
}

/**
 * Sketch to picture: POST /images/edits as documented (multipart form: the sketch as `image`, `prompt`,
 * `model`, `size`, `n`), answered like /images/generations (`data[0].b64_json`, or `url` from servers that
 * only link). GPT image models always answer base64 and refuse `response_format`; other models (dall-e-2,
 * compatible servers) default to a link, so they are asked for base64.
 */
export class OpenAiImageEditProvider implements ImageEditProvider {
  constructor(private readonly settings: OpenAiSettings) {}

  async edit(
    input: { image: PhotoInput; prompt: string; size: string },
    signal: AbortSignal,
  ): Promise<GeneratedImage> {
    const form = new FormData();
    const extension = input.image.mime === 'image/jpeg' ? 'jpg' : 'png';
    form.append('image', new Blob([input.image.data], { type: input.image.mime }), `sketch.${extension}`);
    form.append('prompt', input.prompt);
    form.append('model', this.settings.model);
    form.append('size', input.size);
    form.append('n', '1');
    if (!/^gpt-image/i.test(this.settings.model)) form.append('response_format', 'b64_json');
    try {
      const response = await fetch(endpoint(this.settings.baseUrl, '/images/edits'), {
        method: 'POST',
        // No content-type: fetch writes the multipart one with its boundary.
        headers: this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {},
        body: form,
        signal,
      });
      return await paintingOf(response, signal);
    } catch (error) {
      throw failure(error, signal);
    }
  }
}

/**
 * What the vision model is asked. It must answer the text alone: the page puts the answer straight into the
 * text box, so a preamble ("Sure! Here is…") or markdown would end up in the student's text.
 */
export const TRANSCRIBE_PROMPT =
  'Transcribe all the handwritten and printed text in this photo exactly as written, in its own language, ' +
  'keeping the line breaks. Answer with the transcribed text only: no introduction, no explanation, no ' +
  'quotes, no markdown. If there is no readable text, answer with nothing at all.';

/** A reply wrapped in one markdown code fence anyway loses the fence. */
function unfence(text: string): string {
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/**
 * Handwriting reading: one non-streamed chat completion whose user message carries the photo as an
 * `image_url` content part with a data URL (the documented vision input; Ollama and vLLM accept it too).
 */
export class OpenAiVisionProvider implements VisionProvider {
  constructor(private readonly settings: OpenAiSettings) {}

  async transcribe(photo: PhotoInput, signal: AbortSignal): Promise<string> {
    try {
      const response = await fetch(endpoint(this.settings.baseUrl, '/chat/completions'), {
        method: 'POST',
        headers: headers(this.settings),
        body: JSON.stringify({
          model: this.settings.model,
          stream: false,
          temperature: 0,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: TRANSCRIBE_PROMPT },
                {
                  type: 'image_url',
                  image_url: { url: `data:${photo.mime};base64,${photo.data.toString('base64')}` },
                },
              ],
            },
          ],
        }),
        signal,
      });
      if (!response.ok) throw await refusal(response);
      const body = (await response.json()) as {
        choices?: { message?: { content?: string | { type?: string; text?: string }[] | null } }[];
        error?: { message?: string };
      };
      if (body.error) throw new ProviderError(`provider error: ${body.error.message ?? 'unknown'}`, 'error');
      const content = body.choices?.[0]?.message?.content;
      if (content === undefined) throw new ProviderError('provider answered without a message', 'error');
      // Some compatible servers answer content parts instead of a string: keep their text parts.
      const text =
        typeof content === 'string'
          ? content
          : (content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
      return unfence(text.replaceAll('\u0000', '').trim());
    } catch (error) {
      throw failure(error, signal);
    }
  }
}

/**
 * The console's "test connection" for chat: a real completion capped at one token, the cheapest call that
 * proves the address, the key and the model together.
 */
export async function probeChat(settings: OpenAiSettings, signal: AbortSignal): Promise<void> {
  try {
    const response = await fetch(endpoint(settings.baseUrl, '/chat/completions'), {
      method: 'POST',
      headers: headers(settings),
      body: JSON.stringify({
        model: settings.model,
        messages: [{ role: 'user', content: 'ping' }],
        max_tokens: 1,
        stream: false,
      }),
      signal,
    });
    if (!response.ok) throw await refusal(response);
    await response.body?.cancel();
  } catch (error) {
    throw failure(error, signal);
  }
}

/**
 * The console's "test connection" for painting: GET /models, which proves the address and the key without
 * generating an image (a real painting costs money or minutes of a school's GPU). Says whether the model
 * is among those listed; some servers list only part of what they serve, so that is a hint, not a failure.
 */
export async function probeImage(
  settings: OpenAiSettings,
  signal: AbortSignal,
): Promise<{ modelListed: boolean }> {
  try {
    const response = await fetch(endpoint(settings.baseUrl, '/models'), {
      headers: headers(settings),
      signal,
    });
    if (!response.ok) throw await refusal(response);
    const body = (await response.json().catch(() => ({}))) as { data?: { id?: unknown }[] };
    return { modelListed: Boolean(body.data?.some((m) => m.id === settings.model)) };
  } catch (error) {
    throw failure(error, signal);
  }
}
