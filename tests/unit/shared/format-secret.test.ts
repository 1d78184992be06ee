import { describe, expect, it } from 'vitest';
import { maskSecret } from '@shared/format-secret';

describe('maskSecret', () => {
  it('keeps an empty secret empty', () => {
    expect(maskSecret('')).toBe('');
  });

  it('fully masks secrets of 8 characters or fewer', () => {
    expect(maskSecret('a')).toBe('•');
    expect(maskSecret('abcdefgh')).toBe('••••••••');
  });

  it('keeps the first 2 and last 4 characters of longer secrets', () => {
    expect(maskSecret('abcdefghi')).toBe('ab•••fghi');
    expect(maskSecret('AK-1234567890-XYZW')).toBe('AK' + '•'.repeat(12) + 'XYZW');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maskSecret('😀😀abcdefg😀')).toBe('😀😀••••efg😀');
  });
});
