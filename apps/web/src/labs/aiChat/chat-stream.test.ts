import { describe, expect, it } from 'vitest';
import { createSseParser, parseChatEvent } from './chat-stream.ts';

function collect(chunks: string[], end = true): string[] {
  const out: string[] = [];
  const parser = createSseParser((data) => out.push(data));
  for (const chunk of chunks) parser.push(chunk);
  if (end) parser.end();
  return out;
}

describe('createSseParser', () => {
  it('splits events on blank lines', () => {
    expect(collect(['data: {"a":1}\n\ndata: {"b":2}\n\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins chunks cut mid-line and mid-event', () => {
    expect(collect(['da', 'ta: {"te', 'xt":"hi"}\n', '\nda', 'ta: x\n\n'])).toEqual(['{"text":"hi"}', 'x']);
  });

  it('understands CRLF, CR and a CRLF split across chunks', () => {
    expect(collect(['data: one\r\n\r\ndata: two\r', '\n\r\n', 'data: three\r\r'])).toEqual([
      'one',
      'two',
      'three',
    ]);
  });

  it('does not take a CRLF split across chunks for two line ends', () => {
    expect(collect(['data: a\r', '\ndata: b\n\n'])).toEqual(['a\nb']);
  });

  it('joins multi-line data and ignores comments and other fields', () => {
    expect(collect([': ping\nevent: x\nid: 3\ndata: a\ndata:b\n\n'])).toEqual(['a\nb']);
  });

  it('keeps an unterminated last event when the stream ends, and only then', () => {
    expect(collect(['data: last'], false)).toEqual([]);
    expect(collect(['data: last'])).toEqual(['last']);
  });
});

describe('parseChatEvent', () => {
  it('reads the contract events', () => {
    expect(parseChatEvent('{"type":"start","conversationId":"c","cost":1}')).toEqual({
      type: 'start',
      conversationId: 'c',
      cost: 1,
    });
    expect(parseChatEvent('{"type":"error","message":"m","charged":true,"balance":9}')).toMatchObject({
      type: 'error',
      charged: true,
    });
  });

  it('drops what is not an event', () => {
    expect(parseChatEvent('not json')).toBeNull();
    expect(parseChatEvent('{"type":"delta"}')).toBeNull();
    expect(parseChatEvent('{"type":"other"}')).toBeNull();
  });
});
