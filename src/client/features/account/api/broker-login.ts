/**
 * The daily broker login: asks the server for the broker's login page (GET
 * /api/brokers/{broker}/login-url) and goes there; the broker sends the browser back to the
 * server's callback, which returns to the page with `broker_login=connected|failed`.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { brokerLoginConnectedText, brokerLoginFailureText } from '@shared/broker-login-outcome';
import { apiJson } from '@client/lib/api';
import { toast } from '@client/lib/toast';

export async function goToBrokerLogin(broker: string, accountId?: number): Promise<void> {
  const query = accountId === undefined ? '' : `?account_id=${accountId}`;
  const { url } = await apiJson<{ url: string }>(`/api/brokers/${encodeURIComponent(broker)}/login-url${query}`);
  window.location.assign(url);
}

interface LoginOutcome {
  broker_login?: unknown;
  broker?: unknown;
  reason?: unknown;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Toasts the outcome of a login the page came back from, then drops it from the address (a reload
 * tells nothing). Only the product's own texts are shown: the failure's code picks one, and any
 * other parameter of the address (a `message=` someone wrote into a link) is ignored.
 */
export function useBrokerLoginOutcome(): void {
  const search = useSearch({ strict: false }) as LoginOutcome;
  const outcome = asText(search.broker_login);
  const broker = asText(search.broker);
  const reason = asText(search.reason);
  const navigate = useNavigate();
  useEffect(() => {
    if (outcome !== 'connected' && outcome !== 'failed') return;
    if (outcome === 'connected') toast.success(brokerLoginConnectedText(broker));
    else toast.error(brokerLoginFailureText(broker, reason));
    void navigate({ to: '.', search: {}, replace: true });
  }, [outcome, broker, reason, navigate]);
}
