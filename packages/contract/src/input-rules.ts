/**
 * Text rules every input obeys, shared by the server's validation and the web client's forms so both say
 * the same thing. PostgreSQL text cannot hold a NUL character, so a NUL is refused at the edge (the server
 * also checks every parsed body, query and path with `findNul`, so no route can forget it). Display names
 * refuse bidirectional overrides, which can make a name read as something else (a "trojan source" name).
 */
import { z } from 'zod';
import { serverMessages } from './messages.ts';

const BIDI_CONTROL_RE = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS_RE = /[\u202A-\u202E\u2066-\u2069]/g;

export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL_RE.test(text);
}

/** The text without its direction overrides: for names people see that nobody typed (a file's name). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS_RE, '');
}

/**
 * Where the first NUL is in a parsed input, keys included (`body.messages.0.content`), or null. Walks with
 * an explicit stack: a deeply nested JSON body must not overflow the call stack.
 */
export function findNul(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasNul(current)) return at || '(value)';
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, at ? `${at}.${i}` : String(i)]));
    } else if (current && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, item] of Object.entries(current)) {
        const path = at ? `${at}.${key}` : key;
        if (hasNul(key)) return path.replaceAll('\u0000', '\\u0000');
        stack.push([item, path]);
      }
    }
  }
  return null;
}

/** A string without NUL: the base of every text field in the contract. */
export const text = () => z.string().refine((s) => !hasNul(s), serverMessages.nulCharacter.en);

/** A name people see (class, course, school): up to `max` characters, no direction overrides. */
export const displayNameSchema = (max: number) =>
  text()
    .trim()
    .max(max)
    .refine((s) => !hasBidiControl(s), serverMessages.bidiControl.en);

/**
 * A file's name people see (a training picture's, shown to classmates): the display-name rule, but the
 * direction overrides are dropped rather than refused, since the name came from a disk, not from the person
 * uploading (refusing would fail a picture over a name they never typed).
 */
export const fileNameSchema = (max: number) =>
  text().transform(withoutBidiControls).pipe(z.string().trim().min(1).max(max));
