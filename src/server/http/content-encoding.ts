/** Compression the server does itself for answers it caches: which encoding a request accepts, and encoding to it. */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Quality 5: within a few percent of the best size at a few ms per 800 KB; 11 takes seconds. */
const BROTLI_QUALITY = 5;

/** The encoding to answer with: br or gzip, whichever Accept-Encoding rates higher (br on a tie), else identity. */
export function acceptedEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const rated = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    rated.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => rated.get(name) ?? rated.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : 'identity';
}

export function encode(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  switch (encoding) {
    case 'br':
      return brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    case 'gzip':
      return gzip(body);
    case 'identity':
      return Promise.resolve(body);
  }
}
