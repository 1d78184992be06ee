/**
 * An amount in its minor unit (paise for rupees, cents for dollars: a payment gateway's amounts),
 * half-up; toPrecision first drops binary noise such as 1.005 * 100 = 100.49999999999999.
 */
export const minorUnits = (value: number): number => Math.round(Number((value * 100).toPrecision(12)));

/** Rounds half-up to 2 decimals (paise for rupees), as a contract note does: the one money rounding. */
export const round2 = (value: number): number => minorUnits(value) / 100;

/**
 * Floors a share count with a tolerance: products of decimal rupee amounts carry binary noise
 * (300 / (100.01 - 99.91) = 2999.99999999974), which must not cost a whole share.
 */
export const floorShares = (value: number): number => Math.floor(Number(value.toPrecision(12)));
