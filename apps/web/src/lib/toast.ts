/**
 * One toast at a time (spec §4, §9): every toast uses the same key, so a new one replaces the old; the default
 * type is error and it stays 3000 ms. Non-React code (the HTTP client) calls `toast` too, so the antd message
 * API is registered here by <ToastHost> (app/toast-host.tsx), which the app mounts on the first toast: most
 * first visits raise none, and antd's message code stays off the first page.
 */
import { createElement, type ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { ERROR_TOAST_MS } from '@ai-edu/contract';

export type ToastType = 'error' | 'warning' | 'success' | 'info';
type MessageApi = MessageInstance;

export const TOAST_KEY = 'app-toast';

let api: MessageApi | null = null;
/** A toast raised before the UI mounted (e.g. by the login check); only the latest one matters. */
let pending: { content: string | readonly string[]; type: ToastType } | null = null;

/** Several lines in one toast (e.g. the §8 status text and 'response error: {status}'): one replaces none. */
function render(content: string | readonly string[]): ReactNode {
  if (typeof content === 'string') return content;
  return createElement(
    'span',
    { className: 'toast-lines' },
    content.map((line, i) =>
      createElement('span', { key: i, className: i === 0 ? 'toast-line' : 'toast-detail' }, line),
    ),
  );
}

function show(target: MessageApi, content: string | readonly string[], type: ToastType): void {
  void target.open({ key: TOAST_KEY, type, content: render(content), duration: ERROR_TOAST_MS / 1000 });
}

export function registerToastApi(next: MessageApi | null): void {
  api = next;
  if (api && pending) {
    show(api, pending.content, pending.type);
    pending = null;
  }
}

const hostWanted = new Set<() => void>();

/** The app's toast host listens here and mounts itself on the first toast. */
export function onToastWanted(listener: () => void): () => void {
  hostWanted.add(listener);
  if (pending) listener();
  return () => hostWanted.delete(listener);
}

export function toast(content: string | readonly string[], type: ToastType = 'error'): void {
  if (api) show(api, content, type);
  else {
    pending = { content, type };
    hostWanted.forEach((listener) => listener());
  }
}
