import { describe, expect, it } from 'vitest';
import { parseEnv } from '@server/config/env';
import { gstinCheckChar, validGstin } from '@server/lib/gstin';

describe('GSTIN', () => {
  it('accepts registered numbers, whose 15th character is the check of the first 14', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '27AAACR5055K1Z7', '29AAGCB7383J1Z4']) {
      expect(validGstin(gstin)).toBe(true);
      expect(gstinCheckChar(gstin.slice(0, 14))).toBe(gstin[14]);
    }
  });

  it('refuses a wrong check character, a wrong shape or lower case', () => {
    expect(validGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(validGstin('27AAPFU0939F1Z')).toBe(false);
    expect(validGstin('27AAPFU0939F1YV')).toBe(false);
    expect(validGstin('2AAAPFU0939F1ZV')).toBe(false);
    expect(validGstin('27aapfu0939f1zv')).toBe(false);
  });

  it('SELLER_GSTIN is read upper-cased, refused with its name when invalid, unset when blank', () => {
    expect(parseEnv({ SELLER_GSTIN: '27aapfu0939f1zv' }).SELLER_GSTIN).toBe('27AAPFU0939F1ZV');
    expect(parseEnv({ SELLER_GSTIN: ' ' }).SELLER_GSTIN).toBeUndefined();
    expect(() => parseEnv({ SELLER_GSTIN: '27AAPFU0939F1ZW' })).toThrow(
      'SELLER_GSTIN must be a 15-character GSTIN with its check character',
    );
  });
});
