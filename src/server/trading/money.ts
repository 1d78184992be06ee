/** Rounds half-up to 2 decimals (paise for rupees); toPrecision first drops binary noise such as 10.499999999999998. */
export const round2 = (value: number): number => Math.round(Number((value * 100).toPrecision(12))) / 100;

/**
 * Floors a share count with a tolerance: products of decimal rupee amounts carry binary noise
 * (300 / (100.01 - 99.91) = 2999.99999999974), which must not cost a whole share.
 */
export const floorShares = (value: number): number => Math.floor(Number(value.toPrecision(12)));
