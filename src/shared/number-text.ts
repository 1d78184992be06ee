/**
 * Numbers written out as Intl.NumberFormat writes them in en-IN (and en-US grouping for dollars),
 * without Intl: a page's first Intl formatter loads the browser's locale data, 50-120 ms of main
 * thread in Chromium here, which the app's start-up paid before its first task could end
 * (docs/performance.md, "Intl at start-up"). The unit tests hold the output to Intl's.
 */

/** A number's shortest decimal form (the one Intl rounds), without sign or exponent: "1.005", "1500". */
function plainDecimal(magnitude: number): string {
  const text = String(magnitude);
  const exponent = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const digits = exponent[1]! + (exponent[2] ?? '');
  const point = 1 + Number(exponent[3]);
  return point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : digits.padEnd(point, '0');
}

/** Adds one to the last digit of a string of digits, carrying: "199" -> "200", "99" -> "100". */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
}

interface Rounded {
  /** The number was below zero (or was -0), before rounding. */
  negative: boolean;
  /** Rounded to zero: Intl's `exceptZero` shows no sign then. */
  zero: boolean;
  whole: string;
  fraction: string;
}

/** Rounded to `places` decimals half away from zero, as Intl rounds its decimal form. */
function rounded(value: number, places: number): Rounded {
  const [whole = '0', fraction = ''] = plainDecimal(Math.abs(value)).split('.');
  let digits = whole + fraction.slice(0, places).padEnd(places, '0');
  if ((fraction[places] ?? '0') >= '5') digits = incremented(digits);
  const cut = digits.length - places;
  return {
    negative: value < 0 || Object.is(value, -0),
    zero: /^0*$/.test(digits),
    whole: digits.slice(0, cut).replace(/^0+(?=\d)/, ''),
    fraction: digits.slice(cut),
  };
}

/** 1234567 -> "12,34,567": thousands, then lakhs and crores in pairs. */
const groupedIndian = (whole: string) =>
  whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;

/** 1234567 -> "1,234,567". */
const groupedThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ',');

/** At most `places` decimals, trailing zeros dropped, as Intl writes a plain number; "-0" for -0. */
function decimalText(value: number, places: number, grouped: (whole: string) => string): string {
  const { negative, whole, fraction } = rounded(value, places);
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped(whole)}${decimals ? `.${decimals}` : ''}`;
}

/** As Intl's en-IN with at most two decimals: "1,23,456.7". */
export const indianNumberText = (value: number) => decimalText(value, 2, groupedIndian);

/**
 * As Intl's en-IN INR currency: "₹1,23,456.78", "-₹80.00". `signed` is Intl's `exceptZero`:
 * "+₹1,234.50", and no sign when the paise round to zero.
 */
export function rupeesText(value: number, signed = false): string {
  const { negative, zero, whole, fraction } = rounded(value, 2);
  const sign = signed ? (zero ? '' : negative ? '-' : '+') : negative ? '-' : '';
  return `${sign}₹${groupedIndian(whole)}.${fraction}`;
}

/** A whole number of dollars as Intl's en-US USD with no decimals: "$1,500". */
export function wholeDollarsText(value: number): string {
  const { negative, whole } = rounded(value, 0);
  return `${negative ? '-' : ''}$${groupedThousands(whole)}`;
}

/** As Number.prototype.toLocaleString('en-US') (at most three decimals): "1,500". */
export const usNumberText = (value: number) => decimalText(value, 3, groupedThousands);
