/** Masks a secret for display: first 2 and last 4 characters kept; 8 or fewer characters fully masked. */
export const MASK_CHAR = '•';

export function maskSecret(secret: string): string {
  const chars = Array.from(secret);
  if (chars.length <= 8) return MASK_CHAR.repeat(chars.length);
  return chars.slice(0, 2).join('') + MASK_CHAR.repeat(chars.length - 6) + chars.slice(-4).join('');
}
