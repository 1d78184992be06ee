/**
 * What a service (or the validation of an input: parseWith in http.ts) refuses, in the domain's
 * terms: the input is invalid, it conflicts with what is stored, or what it names does not exist;
 * `fields` names the fields at fault (with the message for each); an outside service (Razorpay)
 * answered badly (bad_gateway) or not at all (unavailable). Services know nothing of HTTP:
 * the app's error handler (app.ts) answers a DomainError with its status and the API's
 * `{ error, fields, current }` body.
 */
export type DomainErrorKind = 'invalid' | 'conflict' | 'not_found' | 'bad_gateway' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
    /** A conflict's record as it is now (answered as `current`), so the screen can show it again. */
    readonly current?: unknown,
  ) {
    super(message);
  }
}
