import type { AccountSettings } from '@shared/schemas/account';

/** Account settings as GET /api/account-details returns them, on paper with no daily login. */
export function makeAccount(over: Partial<AccountSettings> = {}): AccountSettings {
  return {
    trabot_account_id: 3,
    account_status: 'active',
    access_key_valid: true,
    access_key_updated_timestamp: '2026-11-01T10:00:00.000Z',
    broker_name: 'zerodha',
    broker_client_id: 'ZR1234',
    broker_access_key: '••••••••',
    paper_trading: true,
    dhan_access: 'not_configured',
    broker_login: 'not_configured',
    broker_session_expires_at: null,
    equity_amount_balance: 0,
    commodity_amount_balance: 0,
    currency_amount_balance: 0,
    ...over,
  };
}
