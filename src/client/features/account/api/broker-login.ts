/**
 * The daily broker login: asks the server for the broker's login page (GET
 * /api/brokers/{broker}/login-url) and goes there; the broker sends the browser back to the
 * server's callback, which returns to the page with `broker_login=connected|failed`.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { brokerLabel } from '@shared/format';
import { apiJson } from '@client/lib/api';
import { toast } from '@client/lib/toast';

export async function goToBrokerLogin(broker: string, accountId?: number): Promise<void> {
  const query = accountId === undefined ? '' : `?account_id=${accountId}`;
  const { url } = await apiJson<{ url: string }>(`/api/brokers/${encodeURIComponent(broker)}/login-url${query}`);
  window.location.assign(url);
}

interface LoginOutcome {
  broker_login?: string;
  broker?: string;
  message?: string;
}

/** Toasts the outcome of a login the page came back from, then drops it from the address (a reload tells nothing). */
export function useBrokerLoginOutcome(): void {
  const { broker_login: outcome, broker = 'broker', message } = useSearch({ strict: false }) as LoginOutcome;
  const navigate = useNavigate();
  useEffect(() => {
    if (outcome !== 'connected' && outcome !== 'failed') return;
    const label = brokerLabel(broker);
    if (outcome === 'connected') toast.success(`${label} connected`);
    else toast.error(message || `${label} login failed`);
    void navigate({ to: '.', search: {}, replace: true });
  }, [outcome, broker, message, navigate]);
}
