/**
 * A GSTIN (India's GST identification number): 2 digits of the state code, the holder's PAN (5
 * letters, 4 digits, 1 letter), the entity's number (1-9 or A-Z), 'Z', and a check character
 * computed over the first 14 in base 36 with alternating weights 1 and 2 (GSTN's published rule).
 */
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export const validGstin = (value: string): boolean =>
  SHAPE.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
