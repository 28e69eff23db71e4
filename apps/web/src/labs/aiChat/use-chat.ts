/**
 * The chat's state: turns, the open conversation, the running stream and its stop. Each user message gets an
 * idempotency key; sending it again (retry) reuses the key, so the server never charges twice for it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-request.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { conversationPath, conversationSchema, conversationsKey } from './api.ts';
import { ChatRefusedError, streamChat } from './chat-stream.ts';
import { historyFor, newRequestKey, problemKindOf, type ChatProblem, type ChatTurn } from './history.ts';
import { applyBalance, cachedBalance, refreshBalance } from '../../lib/credit-balance.ts';
import { sessionUid } from './session-cache.ts';

let turnCounter = 0;
const newTurnId = () => `turn-${++turnCounter}`;

/** After a stop the answer carrying the balance never arrives; the server settles a moment later. */
const SETTLE_DELAYS_MS = [1000, 4000];

export function useChat() {
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [conversationId, setConversationId] = useState<string>();
  const [streaming, setStreaming] = useState(false);
  const [opening, setOpening] = useState<string>();
  /** A 503 from the chat endpoint: the provider went away since the status was read. */
  const [notConfigured, setNotConfigured] = useState(false);
  const conversationRef = useRef<string | undefined>(undefined);
  const controllerRef = useRef<AbortController | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const settleLater = useCallback(() => {
    for (const delay of SETTLE_DELAYS_MS)
      timers.current.push(window.setTimeout(() => refreshBalance(queryClient), delay));
  }, [queryClient]);

  const run = useCallback(
    async (before: ChatTurn[], user: ChatTurn) => {
      const assistantId = newTurnId();
      const withUser = [...before, user];
      setTurns([...withUser, { id: assistantId, role: 'assistant', content: '', state: 'streaming' }]);
      const update = (patch: Partial<ChatTurn> | ((turn: ChatTurn) => Partial<ChatTurn>)) =>
        setTurns((all) =>
          all.map((turn) =>
            turn.id === assistantId
              ? { ...turn, ...(typeof patch === 'function' ? patch(turn) : patch) }
              : turn,
          ),
        );

      const controller = new AbortController();
      controllerRef.current = controller;
      setStreaming(true);
      let settled = false;
      try {
        await streamChat(
          {
            messages: historyFor(withUser),
            conversationId: conversationRef.current,
            idempotencyKey: user.key,
          },
          {
            uid: sessionUid(queryClient),
            language: currentLanguage(),
            signal: controller.signal,
            onEvent: (event) => {
              switch (event.type) {
                case 'start': {
                  // A new conversation joins the list at once.
                  if (conversationRef.current !== event.conversationId)
                    void queryClient.invalidateQueries({ queryKey: conversationsKey });
                  conversationRef.current = event.conversationId;
                  setConversationId(event.conversationId);
                  // The cost is reserved now: show it at once, the final balance comes at the end.
                  const balance = cachedBalance(queryClient);
                  if (event.cost > 0 && balance !== undefined)
                    applyBalance(queryClient, balance - event.cost);
                  if (event.cost === 0) update({ replayed: true });
                  break;
                }
                case 'delta':
                  update((turn) => ({ content: turn.content + event.text }));
                  break;
                case 'done':
                  settled = true;
                  applyBalance(queryClient, event.balance);
                  update({ state: 'done', charged: event.charged });
                  break;
                case 'error':
                  settled = true;
                  applyBalance(queryClient, event.balance);
                  update({
                    state: 'error',
                    charged: event.charged,
                    problem: { kind: 'provider', message: event.message },
                  });
                  break;
              }
            },
          },
        );
        if (!settled) {
          update({ state: 'error', problem: { kind: 'network', message: '' } });
          settleLater();
        }
      } catch (error) {
        if (controller.signal.aborted) {
          update((turn) => ({ state: 'stopped', charged: turn.content !== '' }));
          settleLater();
        } else if (error instanceof ChatRefusedError) {
          const problem: ChatProblem = { kind: problemKindOf(error.status), message: error.serverMessage };
          if (problem.kind === 'notConfigured') {
            setNotConfigured(true);
            void queryClient.invalidateQueries({ queryKey: ['ai-status'] });
          }
          update({ state: 'error', charged: false, problem });
        } else {
          const message = error instanceof Error ? error.message : String(error);
          update({ state: 'error', problem: { kind: 'network', message } });
          settleLater();
        }
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        setStreaming(false);
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      }
    },
    [queryClient, settleLater],
  );

  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      if (!content || controllerRef.current) return;
      void run(turns, { id: newTurnId(), role: 'user', content, key: newRequestKey() });
    },
    [run, turns],
  );

  /** Sends the failed reply's message again with its own key: charged at most once whatever happens. */
  const retry = useCallback(
    (assistantId: string) => {
      if (controllerRef.current) return;
      const index = turns.findIndex((turn) => turn.id === assistantId);
      const user = turns[index - 1];
      if (index < 1 || user?.role !== 'user') return;
      void run(turns.slice(0, index - 1), { ...user, key: user.key ?? newRequestKey() });
    },
    [run, turns],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    conversationRef.current = undefined;
    setConversationId(undefined);
    setTurns([]);
  }, []);

  const open = useCallback(async (id: string) => {
    controllerRef.current?.abort();
    setOpening(id);
    try {
      const conversation = await callApi(conversationPath(id), { method: 'GET' }, conversationSchema);
      conversationRef.current = conversation.id;
      setConversationId(conversation.id);
      setTurns(
        conversation.messages
          .filter((m) => m.role === 'user' || m.role === 'assistant')
          .map((m) => ({
            id: newTurnId(),
            role: m.role as ChatTurn['role'],
            content: m.content,
            state: 'done',
            incomplete: m.incomplete,
          })),
      );
      return true;
    } catch {
      // callApi told the user.
      return false;
    } finally {
      setOpening(undefined);
    }
  }, []);

  return { turns, conversationId, streaming, opening, notConfigured, send, retry, stop, reset, open };
}
