import type { ChatMessage } from '@ai-edu/contract';

/** A provider refused or failed; `timeout` when our deadline passed first. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'error' | 'timeout' | 'aborted',
    readonly status?: number,
    /** What the provider itself said (its error message, or the network failure), for the console. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ChatProvider {
  /** Yields the reply as text pieces while the provider streams it. */
  stream(messages: ChatMessage[], signal: AbortSignal): AsyncIterable<string>;
}

export interface GeneratedImage {
  data: Buffer;
  mime: string;
}

export interface ImageProvider {
  generate(input: { prompt: string; size: string }, signal: AbortSignal): Promise<GeneratedImage>;
}

/** Paints a new picture from a given one (sketch to picture): the picture as the model's guide, and a prompt. */
export interface ImageEditProvider {
  edit(
    input: { image: PhotoInput; prompt: string; size: string },
    signal: AbortSignal,
  ): Promise<GeneratedImage>;
}

/** A photo as the provider receives it: its bytes and the type read from them. */
export interface PhotoInput {
  data: Buffer;
  mime: string;
}

export interface VisionProvider {
  /** The text written in the photo, as plain text; empty when there is none. */
  transcribe(photo: PhotoInput, signal: AbortSignal): Promise<string>;
}
