/** Pure helpers for the chat's turns: what is sent as history, and request keys. */
import type { ChatMessage } from '@ai-edu/contract';
import { aiProblemKindOf, type AiProblem, type AiProblemKind } from '../../lib/ai-problem.ts';
import { randomHex } from '../../lib/random-key.ts';

export type TurnState = 'streaming' | 'done' | 'stopped' | 'error';

export type ProblemKind = AiProblemKind;
export type ChatProblem = AiProblem;

/** What an HTTP refusal of POST /api/ai/chat means for the user. */
export const problemKindOf = aiProblemKindOf;

/** Whether sending the same message again can help (same key: never charged twice). */
export function canRetry(turn: ChatTurn): boolean {
  if (turn.role !== 'assistant' || turn.charged) return false;
  if (turn.state === 'stopped') return true;
  return turn.state === 'error' && !['notConfigured', 'denied', 'session'].includes(turn.problem?.kind ?? '');
}

export interface ChatTurn {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Assistant turns: how the reply ended. */
  state?: TurnState;
  /** Assistant turns: whether it was charged (known from the stream's last event). */
  charged?: boolean;
  /** Why the reply failed: a refusal before the stream, the provider's error, or the connection. */
  problem?: ChatProblem;
  /** Answered again from an earlier attempt with the same key (free). */
  replayed?: boolean;
  /** User turns: the idempotency key of this message, reused when it is sent again. */
  key?: string;
  /** Reopened from the server and marked incomplete there. */
  incomplete?: boolean;
}

/** The server takes at most 100 messages of at most 20,000 characters each. */
export const MAX_HISTORY = 40;
export const MAX_CONTENT = 20_000;

/**
 * The messages sent for the next reply: every user message and every assistant reply that has text (cut-off
 * replies included, failed empty ones left out), the most recent `MAX_HISTORY`, starting with a user message.
 * A question the server refused outright is left out with its reply.
 */
export function historyFor(turns: readonly ChatTurn[]): ChatMessage[] {
  const messages = turns
    .filter((turn, i) => (turn.role === 'user' ? !refusedBefore(turns[i + 1]) : turn.content.trim() !== ''))
    .map((turn) => ({ role: turn.role, content: turn.content.slice(0, MAX_CONTENT) }));
  let recent = messages.slice(-MAX_HISTORY);
  while (recent.length > 1 && recent[0]?.role !== 'user') recent = recent.slice(1);
  return recent;
}

/**
 * A reply the server refused before any answer (no credits, a limit, a word the school's list does not allow):
 * its question never reached the AI, and sending it again as history would only be refused again.
 */
function refusedBefore(reply: ChatTurn | undefined): boolean {
  return (
    reply?.role === 'assistant' &&
    reply.state === 'error' &&
    reply.content === '' &&
    !['provider', 'network'].includes(reply.problem?.kind ?? 'network')
  );
}

/**
 * A random request key of 32 hex digits. `crypto.getRandomValues` works on plain http too (a school server
 * on a LAN address), where `crypto.randomUUID` does not exist.
 */
export function newRequestKey(): string {
  return `chat-${randomHex()}`;
}

/** The user turn a failed reply answers, to send it again with the same key. */
export function lastUserTurn(turns: readonly ChatTurn[]): ChatTurn | undefined {
  return [...turns].reverse().find((turn) => turn.role === 'user');
}
