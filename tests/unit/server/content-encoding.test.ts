// @vitest-environment node
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, encode } from '@server/http/content-encoding';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // Chromium
    ['gzip, deflate, br', 'br'], // Firefox, Safari
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['br;q=nonsense, gzip', 'gzip'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('encode', () => {
  const json = Buffer.from(
    JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, instrument: 'TATAMOTORS', price: 742.35 + i }))),
  );

  it('answers bytes that decode back to the body, smaller than it', async () => {
    const br = await encode(json, 'br');
    const gzip = await encode(json, 'gzip');
    expect(zlib.brotliDecompressSync(br).equals(json)).toBe(true);
    expect(zlib.gunzipSync(gzip).equals(json)).toBe(true);
    expect(br.length).toBeLessThan(json.length / 4);
    expect(gzip.length).toBeLessThan(json.length / 4);
    expect(await encode(json, 'identity')).toBe(json);
  });
});
