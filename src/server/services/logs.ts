/**
 * The admin Logs screen: the last N lines of the server's log file that contain a text (literal,
 * case-insensitive), read backwards from the end in chunks so a log of hundreds of MB costs only
 * the chunks needed to find N matches. A URL's password is masked before the search, so neither a
 * line written before the logger masked them nor a search for one shows it.
 */
import fs from 'node:fs';
import { maskUrlCredentials } from '../lib/url-credentials';

export const LOG_CHUNK_BYTES = 256 * 1024;
const NEWLINE = 0x0a;

/**
 * The access-log line of a request for a static file (the app's code, images, the manifest): not
 * an API call. Pino writes the request line's fields in a fixed order (see app.ts).
 */
export const isStaticRequestLine = (line: string): boolean =>
  line.includes('"msg":"request"') && !line.includes('"path":"/api/') && /"method":"(GET|HEAD)"/.test(line);

/** Oldest first (newest last); [] when the file does not exist yet. `skip` leaves lines out (they do not count). */
export async function tailMatching(
  file: string,
  search: string,
  limit: number,
  skip: (line: string) => boolean = () => false,
): Promise<string[]> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const needle = search.toLowerCase();
  const found: string[] = [];
  try {
    let position = (await handle.stat()).size;
    // The start of the earliest line seen so far, whose beginning lies in the part not read yet.
    let carry = Buffer.alloc(0);
    while (position > 0 && found.length < limit) {
      const length = Math.min(LOG_CHUNK_BYTES, position);
      position -= length;
      const chunk = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      let block = Buffer.concat([chunk.subarray(0, bytesRead), carry]);
      if (position > 0) {
        const firstBreak = block.indexOf(NEWLINE);
        if (firstBreak === -1) {
          carry = block;
          continue;
        }
        carry = block.subarray(0, firstBreak);
        block = block.subarray(firstBreak + 1);
      }
      // Whole lines only, so a multi-byte character is never cut in two.
      collect(maskUrlCredentials(block.toString('utf8')), needle, limit, found, skip);
    }
  } finally {
    await handle.close();
  }
  return found.reverse();
}

/** Adds the block's matching lines, newest first, to `found` until it holds `limit`. */
function collect(text: string, needle: string, limit: number, found: string[], skip: (line: string) => boolean): void {
  if (needle && !text.toLowerCase().includes(needle)) return;
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0 && found.length < limit; i--) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line !== '' && (!needle || line.toLowerCase().includes(needle)) && !skip(line)) found.push(line);
  }
}
