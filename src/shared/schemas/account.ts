import { z } from 'zod';
import { ADMIN_BROKERS, MEMBER_BROKERS } from '../constants';

/** An account's daily broker login, in Account Settings and the admin's accounts list. */
export const brokerLoginFields = {
  /**
   * available (Connect), not_configured (no app for the broker on this server), paper_only (no
   * adapter for this broker), none (no broker chosen).
   */
  broker_login: z.enum(['available', 'not_configured', 'paper_only', 'none']),
  /** Until when the daily login's session holds; null without one. */
  broker_session_expires_at: z.string().nullable(),
};

export const accountSettingsSchema = z.object({
  trabot_account_id: z.number().int(),
  account_status: z.string(),
  access_key_valid: z.boolean(),
  access_key_updated_timestamp: z.string().nullable(),
  broker_name: z.string(),
  broker_client_id: z.string(),
  /** Decrypted for the account's owner (or a superadmin); shown masked until revealed. */
  broker_access_key: z.string(),
  /** True while the account's broker has no live adapter and its orders run on the paper broker. */
  paper_trading: z.boolean(),
  /**
   * How this server reaches Dhan: `partner` (any number of Dhan clients), `individual` (one
   * client's own API key: one Dhan account only, a second is refused), `not_configured`.
   */
  dhan_access: z.enum(['partner', 'individual', 'not_configured']),
  ...brokerLoginFields,
  equity_amount_balance: z.number(),
  commodity_amount_balance: z.number(),
  currency_amount_balance: z.number(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

const brokerFields = {
  broker_client_id: z.string().trim().max(64, 'Broker Client ID is too long'),
  broker_access_key: z.string().trim().max(2048, 'Broker Access Key is too long'),
};

/** POST /api/update-broker-details (member-facing broker list). */
export const memberBrokerDetailsSchema = z.object({
  broker_name: z.enum(MEMBER_BROKERS, { error: 'Choose a broker from the list' }),
  ...brokerFields,
});
/** POST /api/{accountId}/update-broker-details (admin list, which adds angelone). */
export const adminBrokerDetailsSchema = z.object({
  broker_name: z.enum(ADMIN_BROKERS, { error: 'Choose a broker from the list' }),
  ...brokerFields,
});
export type BrokerDetails = z.infer<typeof adminBrokerDetailsSchema>;
