/*
 * Server-sent events, read incrementally (the WHATWG rules the live stream needs): fields per
 * line, any line ending, comments, frames split anywhere across chunks.
 */

export type TSseFrame = { id: number | null; event: string; data: string };

/** Splits a text/event-stream into frames (the SSE rules this server uses: one data line per frame). */
export function createSseParser(onFrame: (f: TSseFrame) => void, onComment: () => void) {
  let buffer = '';
  let id: number | null = null;
  let event = 'message';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onFrame({ id, event, data: data.join('\n') });
      id = null;
      event = 'message';
      data = [];
      return;
    }
    if (text.startsWith(':')) return onComment();
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = /^\d{1,15}$/.test(value) ? Number(value) : null;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk: string) => {
    buffer += chunk;
    let at = buffer.search(/\r\n|\r|\n/);
    // A CR last in the chunk may be the first half of a CRLF: wait for the next chunk.
    while (at >= 0 && !(at === buffer.length - 1 && buffer[at] === '\r')) {
      const end = buffer.startsWith('\r\n', at) ? at + 2 : at + 1;
      line(buffer.slice(0, at));
      buffer = buffer.slice(end);
      at = buffer.search(/\r\n|\r|\n/);
    }
  };
}
