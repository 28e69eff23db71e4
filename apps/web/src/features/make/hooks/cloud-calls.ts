/**
 * The page's side of the cloud AI blocks: the AI labs' own endpoints, called as the labs call them
 * (labs/aiChat/chat-stream.ts streams POST /api/ai/chat; labs/textToImage/api.ts posts
 * /api/ai/textToImage_model), so the gateway charges, refunds, checks permissions and the lesson lock, and
 * records the call for the review exactly as it does for the labs. The new balance each call answers goes to
 * the navbar. A painting becomes a picture costume: the picture is loaded here and kept by name in the page's
 * map; the sprite world keeps the name. Loaded with the runner, on the first Run (runtime/on-demand.ts).
 *
 * Why not import the labs' client modules: they import lib/api-client.ts, which brings lib/i18n.ts, and a lazy
 * chunk of the studio reaching i18next's instance without its React hooks split that instance out of the first
 * page's chunks (measured: `/` and `/ailab` +0.2 KB, `/ailab` over its 250 KB). So the few lines that read the
 * stream are here, on the same shared pieces (the contract's ChatEvent, lib/ai-problem.ts's status → kind,
 * lib/credit-balance.ts), with lib/api-client.ts's calls handed in by the page (`ApiClient`) for that reason.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ChatEvent, Language, UserInfo } from '@ai-edu/contract';
import { aiProblemKindOf } from '../../../lib/ai-problem.ts';
import type { apiRequest, buildApiRequest, HttpError } from '../../../lib/api-client.ts';
import { applyBalance, refreshBalance, USER_INFO_KEY } from '../../../lib/credit-balance.ts';
import { CloudProblemError, cloudHostFunctions, type CloudStage } from '../blocks/cloud-host.ts';
import type { ImageCostume, SpriteWorld } from '../runtime/sprite-world.ts';
import type { CostumePicture } from '../components/sprite-canvas.ts';

/** lib/api-client.ts's calls, handed in by the page (see above). */
export interface ApiClient {
  request: typeof apiRequest;
  build: typeof buildApiRequest;
  HttpError: typeof HttpError;
}

/** Painted costumes are small: a sprite is at most a few hundred pixels on the stage. */
const PAINT_SIZE = '512x512';

/** A fresh idempotency key per call (a block run twice is two questions, each charged once). */
function requestKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The session token, from the signed-in user the auth feature caches (as labs/aiChat/session-cache.ts reads it). */
function sessionUid(queryClient: QueryClient): string | undefined {
  for (const [, data] of queryClient.getQueriesData<UserInfo>({ queryKey: USER_INFO_KEY }))
    if (data?.uid) return data.uid;
  return undefined;
}

/** The server's `message` of a refusal, when its body is the product API's JSON. */
async function refusalMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}

/** The chat events among server-sent event lines (`data: {…}`; other lines are ignored). */
function chatEventsOf(lines: string[]): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (const line of lines) {
    if (!line.startsWith('data:')) continue;
    try {
      const event = JSON.parse(line.slice(5)) as ChatEvent | null;
      if (typeof event?.type === 'string') events.push(event);
    } catch {
      // Not JSON: not one of ours.
    }
  }
  return events;
}

/** Sends one question (no history: a conversation of its own) and collects the streamed answer. */
async function chatOnce(
  question: string,
  queryClient: QueryClient,
  api: ApiClient,
  language: Language,
  signal: AbortSignal,
): Promise<string> {
  const { url, init } = api.build(
    '/api/ai/chat',
    {
      method: 'POST',
      json: { messages: [{ role: 'user', content: question }], idempotencyKey: requestKey('make-chat') },
      signal,
    },
    { uid: sessionUid(queryClient), language },
  );
  const res = await fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body)
    throw new CloudProblemError({ kind: aiProblemKindOf(res.status), message: await refusalMessage(res) });

  let text = '';
  let failure: string | null = null;
  let balance: number | undefined;
  const take = (event: ChatEvent) => {
    if (event.type === 'delta') text += event.text;
    else if (event.type === 'done') balance = event.balance;
    else if (event.type === 'error') {
      failure = event.message;
      balance = event.balance;
    }
  };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      chatEventsOf(lines).forEach(take);
    }
    chatEventsOf([buffer]).forEach(take);
  } catch (error) {
    // Cut off after some text: the server keeps (and charges) what arrived, and so does the block.
    if (!text) throw error;
  } finally {
    reader.releaseLock();
    if (balance !== undefined) applyBalance(queryClient, balance);
    else refreshBalance(queryClient);
  }
  // The provider failed before any text: the server refunded the charge and says so.
  if (!text && failure !== null) throw new CloudProblemError({ kind: 'provider', message: failure });
  return text;
}

function loadPicture(url: string): Promise<HTMLImageElement> {
  const picture = new Image();
  picture.src = url;
  return picture.decode().then(() => picture);
}

/** Paints `prompt` (as the painting lab does), loads the picture into `pictures` and answers its costume name. */
async function paintCostume(
  prompt: string,
  queryClient: QueryClient,
  api: ApiClient,
  pictures: Map<string, CostumePicture>,
  signal: AbortSignal,
): Promise<string> {
  let reply: { data?: { url?: unknown; balance?: unknown } | null; message?: unknown };
  try {
    reply = (await api.request('/api/ai/textToImage_model', {
      method: 'POST',
      json: { prompt, size: PAINT_SIZE, idempotencyKey: requestKey('make-paint') },
      toastHttpErrors: false,
      signal,
    })) as typeof reply;
  } catch (error) {
    if (error instanceof api.HttpError)
      throw new CloudProblemError({
        kind: aiProblemKindOf(error.status),
        message: error.serverMessage ?? '',
      });
    throw error;
  }
  const { url, balance } = reply.data ?? {};
  if (typeof url !== 'string') {
    const message = typeof reply.message === 'string' ? reply.message : '';
    throw new CloudProblemError({ kind: 'generic', message });
  }
  if (typeof balance === 'number') applyBalance(queryClient, balance);
  const picture = await loadPicture(url);
  const name: ImageCostume = `image:${pictures.size + 1}`;
  pictures.set(name, picture);
  return name;
}

/** Whether the server's chat provider is set up: GET /api/ai/status, the labs' cards' question. */
async function chatConfigured(api: ApiClient, signal: AbortSignal): Promise<boolean> {
  const reply = (await api.request('/api/ai/status', { toastHttpErrors: false, signal })) as {
    data?: { chat?: unknown } | null;
  };
  return reply.data?.chat === true;
}

/** The cloud blocks' stage for one run: calls end when `signal` aborts (Stop, or the page left). */
export function cloudStage(options: {
  queryClient: QueryClient;
  api: ApiClient;
  print: (line: string) => void;
  world: SpriteWorld;
  pictures: Map<string, CostumePicture>;
  signal: AbortSignal;
}): CloudStage {
  const { queryClient, api, pictures, signal } = options;
  // The UI language (lib/i18n.ts keeps <html lang> on it): what the blocks say, and the server's messages.
  const language: Language = document.documentElement.lang === 'en' ? 'en' : 'zh-CN';
  return {
    language,
    print: options.print,
    world: options.world,
    chat: (question) => chatOnce(question, queryClient, api, language, signal),
    paintCostume: (prompt) => paintCostume(prompt, queryClient, api, pictures, signal),
    chatConfigured: () => chatConfigured(api, signal),
  };
}

/** The cloud blocks' host functions for one run (what the runner injects). */
export function cloudHosts(options: Parameters<typeof cloudStage>[0]) {
  return cloudHostFunctions(cloudStage(options));
}
