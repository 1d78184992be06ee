/**
 * A typed number as the forms read it: plain decimal notation only ("12", "-3.5", ".25").
 * Anything else, blank included, is NaN so the shared schemas reject it with the spec's message.
 */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

export function parseDecimal(text: string | null | undefined): number {
  const trimmed = (text ?? '').trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
}

/** An optional price: blank is null (not given), anything else as parseDecimal reads it. */
export function parseOptionalDecimal(text: string | null | undefined): number | null {
  return (text ?? '').trim() === '' ? null : parseDecimal(text);
}
