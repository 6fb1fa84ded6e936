import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);

/** Answers smaller than this go out as they are (the compression hook's threshold too). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * An answer's JSON made once, and the same brotli-compressed once for browsers (at the quality
 * the app compresses JSON with), for answers that are kept and sent many times: polled lists and
 * the calendar. Compressing a kept answer again for every poll costs more than the rest of the
 * request (decision 032).
 */
export type TJsonBody = {
  readonly json: string | Buffer;
  /** About the characters of memory it holds, for the read cache's weight. */
  readonly weight: number;
  brotli(): Promise<Buffer>;
  compressed(): boolean;
};

export function jsonBody(json: string | Buffer): TJsonBody {
  let compressed: Promise<Buffer> | null = null;
  return {
    json,
    // The brotli copy is about a tenth to a thirtieth of the JSON.
    weight: Math.ceil(json.length * 1.1),
    brotli() {
      compressed ??= brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
      return compressed;
    },
    compressed: () => compressed !== null,
  };
}

/** The read cache's weight of a kept body. */
export const weighBody = (body: TJsonBody): number => body.weight;

/**
 * The clock second a polled answer is kept for: its countdowns and deadline filters are exact
 * to the second, so a new second reads again.
 */
export const clockSecond = (now: Date): number => Math.floor(now.getTime() / 1000);
