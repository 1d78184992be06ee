/**
 * Confirming a workshop registration: the confirmation mail's link opens /workshops/confirm with the
 * one-time token in the address's fragment (never sent to the server by the visit itself, nor in a
 * Referer); the page's "Confirm" button POSTs it to /api/workshop-confirmation. A mail scanner that
 * fetches the link confirms nothing. The page shows only these texts, picked by the answer's status.
 */
import { z } from 'zod';
import { ONE_TIME_TOKEN_PATTERN } from './one-time-token';

export const WORKSHOP_CONFIRM_PATH = '/workshops/confirm';
export const WORKSHOP_CONFIRM_API = '/api/workshop-confirmation';

export const workshopConfirmationBodySchema = z.object({
  token: z
    .string({ error: 'token must be a string' })
    .regex(ONE_TIME_TOKEN_PATTERN, 'token must be the 43-character code from the confirmation mail'),
});
export type WorkshopConfirmationBody = z.infer<typeof workshopConfirmationBodySchema>;

export const CONFIRM_OUTCOMES = ['confirmed', 'used', 'expired', 'unknown'] as const;
export type ConfirmOutcome = (typeof CONFIRM_OUTCOMES)[number];

/** The HTTP status of each outcome (200, or the 4xx the client maps back). */
export const CONFIRM_STATUS = { confirmed: 200, used: 409, expired: 410, unknown: 404 } as const satisfies Record<
  ConfirmOutcome,
  number
>;

export const CONFIRM_TEXTS: Record<ConfirmOutcome, string> = {
  confirmed:
    'Your registration is confirmed. The joining link will be e-mailed to you 24 hours before the workshop (at once if it starts sooner).',
  used: 'This confirmation link was already used: your registration is confirmed.',
  expired: 'This confirmation link has expired: the workshop has started or is no longer listed.',
  unknown: 'This confirmation link is not valid. Please use the link from your latest confirmation e-mail.',
};

/** The outcome an answer's status stands for, or null for any other answer (an outage, a 429). */
export function confirmOutcomeOf(status: number): ConfirmOutcome | null {
  return CONFIRM_OUTCOMES.find((outcome) => CONFIRM_STATUS[outcome] === status) ?? null;
}
