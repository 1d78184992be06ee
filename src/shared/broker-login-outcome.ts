/**
 * What the broker login's way back (GET /api/brokers/{broker}/callback) tells the page it returns
 * to: `broker_login=connected|failed`, `broker=<name>` and, on failure, `reason=<code>`. The page
 * shows only these texts: nothing a URL carries is ever shown as is (a link with a made-up
 * sentence would otherwise be a phishing aid), and a name or code it does not know gets the
 * generic text.
 */
import { ADMIN_BROKERS } from './constants';
import { brokerLabel } from './format';

export const BROKER_LOGIN_FAILURES = [
  'not_started',
  'used',
  'expired',
  'not_configured',
  'refused',
  'account_changed',
] as const;
export type BrokerLoginFailure = (typeof BROKER_LOGIN_FAILURES)[number];

const TEXTS: Record<BrokerLoginFailure, (label: string) => string> = {
  not_started: (label) => `This ${label} login was not started here: connect again`,
  used: (label) => `This ${label} login was already used: connect again`,
  expired: (label) => `This ${label} login took too long: connect again`,
  not_configured: (label) => `${label} is not configured on this server`,
  refused: (label) => `${label} did not complete the login: connect again`,
  account_changed: (label) => `This account no longer trades with ${label}`,
};

const knownBroker = (broker: string | undefined): broker is string =>
  broker !== undefined && broker !== 'none' && (ADMIN_BROKERS as readonly string[]).includes(broker);

/** The broker's name as the product writes it, or "Broker" for a name it does not know. */
export const brokerLoginLabel = (broker: string | undefined) => (knownBroker(broker) ? brokerLabel(broker) : 'Broker');

/** The toast of a failed login: the product's text for `reason`, else the generic one. */
export function brokerLoginFailureText(broker: string | undefined, reason: string | undefined): string {
  const label = brokerLoginLabel(broker);
  const text = (BROKER_LOGIN_FAILURES as readonly string[]).includes(reason ?? '')
    ? TEXTS[reason as BrokerLoginFailure]
    : null;
  return text ? text(label) : `${label} login failed`;
}

/** The toast of a login that connected. */
export const brokerLoginConnectedText = (broker: string | undefined) => `${brokerLoginLabel(broker)} connected`;
