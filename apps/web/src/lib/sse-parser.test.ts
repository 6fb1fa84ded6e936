import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.ts';

describe('the live stream parser', () => {
  it('reads frames split anywhere across chunks, with comments, ids and either line ending', () => {
    const frames: { id: number | null; event: string; data: string }[] = [];
    let comments = 0;
    const feed = createSseParser(
      (f) => frames.push(f),
      () => {
        comments += 1;
      },
    );
    const text =
      'retry: 3000\n\nevent: ready\ndata: {"session":4}\n\n: keep-alive\n\nid: 12\nevent: order\ndata: {"id":7}\n\n' +
      'id: 13\r\nevent: notification\r\ndata: {"id":1}\r\n\r\nid: x1\nevent: delivery\ndata: {}\n\n';
    for (let i = 0; i < text.length; i += 5) feed(text.slice(i, i + 5));
    expect(comments).toBe(1);
    expect(frames).toEqual([
      { id: null, event: 'ready', data: '{"session":4}' },
      { id: 12, event: 'order', data: '{"id":7}' },
      { id: 13, event: 'notification', data: '{"id":1}' },
      { id: null, event: 'delivery', data: '{}' },
    ]);
  });
});
