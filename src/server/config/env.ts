/** The only reader of process.env: parsed once, typed everywhere else. */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies } from '../security/trusted-proxies';
import { validGstin } from '../lib/gstin';

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'true'));

/** An optional text setting where an empty value (`NAME=` in a .env file) means unset. */
const blankAsUnset = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** base64 of 32 bytes; generated into DATA_DIR/secret.key when absent. */
  SECRET_KEY: z.string().optional(),
  SEED_DEMO: flag(true),
  DEMO_MEMBER_EMAIL: z.string().email().optional(),
  DEMO_MEMBER_PASSWORD: z.string().min(8).optional(),
  DEMO_ADMIN_EMAIL: z.string().email().optional(),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * The reverse proxies whose X-Forwarded-* headers are believed: addresses or CIDR ranges,
   * comma-separated; `1`/`true`: loopback only; unset/`0`: none (security/trusted-proxies.ts).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Login attempts allowed per IP and per email in one 15-minute window. */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  /** Where the built client lives (vite build output). */
  CLIENT_DIR: z.string().default('./dist/client'),
  /** Outgoing mail for the public forms: smtp://user:pass@host:587 or smtps://... Unset or empty: mail off. */
  SMTP_URL: blankAsUnset.pipe(
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** Where enquiries and workshop registrations are mailed: one address or a comma-separated list. */
  MAIL_TO: blankAsUnset.pipe(
    z
      .string()
      .refine(
        (v) => v.split(',').every((a) => z.email().safeParse(a.trim()).success),
        'MAIL_TO must be e-mail addresses separated by commas',
      )
      .optional(),
  ),
  /** Sender of those mails, e.g. "Trabot website <no-reply@example.com>"; defaults to MAIL_TO's first address. */
  MAIL_FROM: blankAsUnset,
  /**
   * The site's address as its visitors reach it (https://trabot.example.com): the links in mails
   * (a workshop registration's confirmation) point at it, never at a request's Host. Required when mail is on.
   */
  PUBLIC_URL: blankAsUnset.pipe(
    z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  /** Public form submissions (enquiries and workshop registrations) allowed per IP in 10 minutes. */
  PUBLIC_FORM_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** Active testers (subscriptions) an algo may have at once: the firm's page says 10; a firm that grows raises it. */
  ALGO_TESTERS_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Rupees per US dollar, for the testing capital band (USD 1,500-7,500) and fees quoted in dollars.
   * Default: docs/decisions/2026-11-27-usd-inr-rate.md.
   */
  USD_INR: z.coerce.number().positive().max(10_000).default(88.5),
  /**
   * The membership month runs (due on the 1st, cancelled when unpaid after the 25th, IST). Unset: on
   * when Razorpay is configured; 1 to run it with fees recorded by hand; 0 to keep manual dates only.
   */
  MEMBERSHIP_BILLING: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /** Razorpay (payment links for the membership fee): key id and secret from the dashboard's API keys. */
  RAZORPAY_KEY_ID: blankAsUnset,
  RAZORPAY_KEY_SECRET: blankAsUnset,
  /** The secret set on the dashboard's webhook; X-Razorpay-Signature is its HMAC-SHA256 of the body. */
  RAZORPAY_WEBHOOK_SECRET: blankAsUnset,
  /** The firm's GSTIN: with it, receipts are tax invoices showing it and the fee's GST. */
  SELLER_GSTIN: blankAsUnset.pipe(
    z
      .string()
      .transform((v) => v.toUpperCase())
      .refine(validGstin, 'SELLER_GSTIN must be a 15-character GSTIN with its check character')
      .optional(),
  ),
  /** The firm's legal name and address as registered for GST, printed on tax invoices. */
  SELLER_NAME_ADDRESS: blankAsUnset,
  /** Razorpay's API root; tests point it at a local server speaking Razorpay's wire format. */
  RAZORPAY_API_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'RAZORPAY_API_ROOT must be an http(s) URL' }).optional(),
  ),
  /** nse: the paper market follows NSE's session and holidays; always: open around the clock (demos at night, tests). */
  MARKET_HOURS: z.enum(['nse', 'always']).default('nse'),
  /** A market entry needs a last price younger than this many seconds. */
  ENGINE_MAX_QUOTE_AGE_SECONDS: z.coerce.number().positive().max(3600).default(10),
  /**
   * A live trade's price from its broker older than this (ms) is no live price: its MTM is unknown
   * and the engine decides no exit at a level on it (docs/engine.md, "Live prices").
   */
  LIVE_PRICE_MAX_AGE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  /** How often (ms) each live account's last prices are asked of its broker (its quote/LTP API). */
  LIVE_PRICE_POLL_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
  /** A market entry further than this percent from the signal's entry level is skipped. */
  ENGINE_MAX_DRIFT_PERCENT: z.coerce.number().min(0).max(100).default(1),
  /**
   * Accounts per fan-out batch and trades per price update (one transaction each; a cancel or a
   * shutdown takes effect between batches). Unset: per database (engine/start.ts, engineSettings).
   */
  ENGINE_BATCH_SIZE: z.coerce.number().int().min(1).max(2000).optional(),
  /** Broker calls the engine makes at once. */
  ENGINE_BROKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * The exit chase (docs/engine.md): an exit order still open at the broker this long after it was
   * placed (or last modified) is modified to a limit at the current price, within the day's band.
   */
  EXIT_CHASE_AFTER_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** How many times an exit is modified toward the market before it is escalated (0: escalated at once). */
  EXIT_CHASE_TIMES: z.coerce.number().int().min(0).max(20).default(3),
  /**
   * A stop leg's limit beyond its trigger, percent of the trigger, per broker (engine/stop-limit.ts):
   * "angelone=1,dhan=2" overrides those brokers' defaults (their documented market price protection);
   * 0 puts the limit at the trigger itself. The exchange's own SL range (3 %) caps it whatever is set.
   */
  STOP_LIMIT_BUFFER_PERCENT: z
    .string()
    .regex(/^\s*([a-z]+\s*=\s*\d+(\.\d+)?\s*(,\s*|$))*$/, 'a list of broker=percent, e.g. "angelone=1,dhan=2"')
    .default('')
    .transform((list) =>
      Object.fromEntries(
        list
          .split(',')
          .filter((item) => item.trim())
          .map((item) => item.split('=').map((part) => part.trim()))
          .map(([broker, percent]) => [broker!, Number(percent)]),
      ),
    ),
  /**
   * Orders may go to real brokers: also needs the account's mode set to live by a superadmin and
   * the broker configured. Off (the default): every account trades on paper.
   */
  LIVE_TRADING: flag(false),
  /**
   * The local address (of this machine) every live order request (place, modify, cancel) leaves
   * from: the static IP registered with the brokers (SEBI's retail algo rules, from 1 April 2026).
   * An account may override it (its own address or an HTTP(S) proxy). Unset: the system's choice.
   */
  BROKER_SOURCE_ADDRESS: blankAsUnset.pipe(
    z.union([z.ipv4(), z.ipv6()], { error: 'BROKER_SOURCE_ADDRESS must be an IP address of this machine' }).optional(),
  ),
  /**
   * Addresses and host names (comma-separated) an account's order route may use although they are
   * loopback, private, link-local or otherwise not public (or, for a local address, not one of this
   * machine's interfaces): a proxy in the firm's own network, or the tests' local ones.
   */
  ORDER_ROUTE_ALLOWED_ADDRESSES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const entries = (value ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase().replace(/\.$/, ''))
        .filter(Boolean);
      const wrong = entries.filter(
        (e) => !isIP(e) && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(e),
      );
      if (wrong.length) {
        const message = `ORDER_ROUTE_ALLOWED_ADDRESSES: ${wrong.map((e) => `"${e}"`).join(', ')} is not an IP address or a host name`;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return entries;
    }),
  /**
   * The market protection on every Zerodha and Upstox market order, in percent of the last price
   * (Kite refuses market orders without it since 1 April 2026, and 0; Upstox takes 0 to 25 and
   * refuses more); -1 (default): the broker's automatic band.
   */
  MARKET_PROTECTION: z.coerce
    .number()
    .refine((v) => v === -1 || (v > 0 && v <= 100), 'MARKET_PROTECTION must be -1 or a percentage above 0 up to 100')
    .default(-1),
  /**
   * 1: an algo without an exchange Algo ID may still open live trades (the client-side route, below
   * the exchange's 10 orders a second threshold). Off (default): such an entry is refused with a warning.
   */
  ALLOW_UNREGISTERED_ALGOS: flag(false),
  /** Zerodha (Kite Connect) app of the firm: key and secret from the Kite developer console. */
  KITE_API_KEY: blankAsUnset,
  KITE_API_SECRET: blankAsUnset,
  /** Kite's API root; tests point it at a local server. */
  KITE_API_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'KITE_API_ROOT must be an http(s) URL' }).optional(),
  ),
  /** Kite's login page (the daily login starts there); tests point it at a local server. */
  KITE_LOGIN_URL: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'KITE_LOGIN_URL must be an http(s) URL' }).optional(),
  ),
  /** Fyers (API v3) app of the firm: app id (e.g. XB12345-100), secret and the redirect URL registered with it. */
  FYERS_APP_ID: blankAsUnset,
  FYERS_SECRET_KEY: blankAsUnset,
  FYERS_REDIRECT_URL: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'FYERS_REDIRECT_URL must be an http(s) URL' }).optional(),
  ),
  /** Fyers's API root (login page included); tests point it at a local server. */
  FYERS_API_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'FYERS_API_ROOT must be an http(s) URL' }).optional(),
  ),
  /** Upstox (API v2) app of the firm: API key, secret and the redirect URL registered with it. */
  UPSTOX_API_KEY: blankAsUnset,
  UPSTOX_API_SECRET: blankAsUnset,
  UPSTOX_REDIRECT_URL: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'UPSTOX_REDIRECT_URL must be an http(s) URL' }).optional(),
  ),
  /** Upstox's API root for every call, orders and login page included; tests point it at a local server. */
  UPSTOX_API_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'UPSTOX_API_ROOT must be an http(s) URL' }).optional(),
  ),
  /** Upstox's instruments file (gzip JSON of instrument keys); needed with UPSTOX_API_ROOT. */
  UPSTOX_INSTRUMENTS_URL: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'UPSTOX_INSTRUMENTS_URL must be an http(s) URL' }).optional(),
  ),
  /** Angel One (SmartAPI) app of the firm: its API key (the app's redirect URL is registered with Angel). */
  ANGELONE_API_KEY: blankAsUnset,
  /** SmartAPI's root, publisher login page and scrip master; tests point all three at a local server. */
  ANGELONE_API_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'ANGELONE_API_ROOT must be an http(s) URL' }).optional(),
  ),
  ANGELONE_LOGIN_URL: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'ANGELONE_LOGIN_URL must be an http(s) URL' }).optional(),
  ),
  ANGELONE_SCRIP_MASTER_URL: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'ANGELONE_SCRIP_MASTER_URL must be an http(s) URL' }).optional(),
  ),
  /** The server's public IP as registered with Angel One (SmartAPI's X-ClientPublicIP header). */
  ANGELONE_PUBLIC_IP: blankAsUnset,
  /** Dhan (API v2) app of the firm: its API key and secret (the app's redirect URL is registered with Dhan). */
  DHAN_API_KEY: blankAsUnset,
  DHAN_API_SECRET: blankAsUnset,
  /**
   * Dhan partner access of the firm (partner id and secret from Dhan): every member's daily login
   * goes through Dhan's partner consent flow. Unset: the API key above is an individual key, which
   * serves one Dhan client only.
   */
  DHAN_PARTNER_ID: blankAsUnset,
  DHAN_PARTNER_SECRET: blankAsUnset,
  /** Dhan's API root, its login (consent) root and its scrip master; tests point all three at a local server. */
  DHAN_API_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'DHAN_API_ROOT must be an http(s) URL' }).optional(),
  ),
  DHAN_AUTH_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'DHAN_AUTH_ROOT must be an http(s) URL' }).optional(),
  ),
  DHAN_SCRIP_MASTER_URL: blankAsUnset.pipe(
    z.url({ protocol: /^https?$/, error: 'DHAN_SCRIP_MASTER_URL must be an http(s) URL' }).optional(),
  ),
  /** Kite's market-data websocket; tests point it at a local server. */
  KITE_TICKER_ROOT: blankAsUnset.pipe(
    z.url({ protocol: /^wss?$/, error: 'KITE_TICKER_ROOT must be a ws(s) URL' }).optional(),
  ),
  /**
   * Where prices come from. `auto`: Kite's ticker while a Zerodha session of the day is available
   * (Kite configured), else the simulated feed. `simulated`: always the simulated feed.
   */
  PRICE_FEED: z.enum(['auto', 'simulated']).default('auto'),
  /**
   * The simulated feed's move per tick (standard deviation, as a fraction of the price): 0.002 is
   * 0.2 %. A long demo or test run lowers it so paper trades are not stopped out by the walk.
   */
  SIMULATED_FEED_VOLATILITY: z.coerce
    .number({ error: 'SIMULATED_FEED_VOLATILITY must be a number' })
    .min(0, 'SIMULATED_FEED_VOLATILITY must be at least 0')
    .max(0.05, 'SIMULATED_FEED_VOLATILITY must be at most 0.05 (5 % a tick)')
    .default(0.002),
  /** Web Push (VAPID) keys, base64url; both unset: generated once, stored in the database on PostgreSQL, else in DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: blankAsUnset,
  VAPID_PRIVATE_KEY: blankAsUnset,
  /** Who the push services may contact about this server: a mailto: or https: URL. */
  VAPID_SUBJECT: blankAsUnset.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
      .optional(),
  ),
  /**
   * Origins (scheme://host[:port], comma-separated) push subscriptions may point at besides the
   * public push services: a private push server, or the tests' local one.
   */
  PUSH_ALLOWED_ORIGINS: blankAsUnset,
  /** Devices one user may have notifications on; a new one beyond drops the one unused the longest. */
  PUSH_DEVICES_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Broker postbacks (Kite's order updates) taken per address per minute; more answer 429. */
  POSTBACK_LIMIT_PER_IP: z.coerce.number().int().positive().default(600),
  /** Where backups of the embedded database go; default DATA_DIR/backups. */
  BACKUP_DIR: blankAsUnset,
  /** The daily backup's time in India (HH:MM, 24-hour), or `off`. */
  BACKUP_AT: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'BACKUP_AT must be a time HH:MM (24-hour, India) or off')
    .default('18:00'),
  /** Daily backups kept: the newest of each of the last N days and of each of the last M months (`14d,12m`). */
  BACKUP_KEEP: z
    .string()
    .trim()
    .default('14d,12m')
    .transform((value, ctx) => {
      const match = /^(?:(\d{1,4})d)?(?:,?(\d{1,4})m)?$/.exec(value);
      if (!match || value === '') {
        ctx.addIssue({ code: 'custom', message: 'BACKUP_KEEP must read like 14d,12m (days, months)' });
        return z.NEVER;
      }
      return { daily: Number(match[1] ?? 0), monthly: Number(match[2] ?? 0) };
    }),
  /** Manual (on-demand) backups kept: the newest N, apart from the daily ones' rule. */
  BACKUP_KEEP_MANUAL: z.coerce.number().int().min(1).max(1000).default(5),
  /** A shell command run after each backup (an off-machine copy); BACKUP_FILE names the new backup. */
  BACKUP_COPY_COMMAND: blankAsUnset,
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = parsed.data;
  if ((VAPID_PUBLIC_KEY === undefined) !== (VAPID_PRIVATE_KEY === undefined)) {
    throw new Error(
      'Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (set both, or neither to generate them)',
    );
  }
  if (parsed.data.SMTP_URL && parsed.data.MAIL_TO && !parsed.data.PUBLIC_URL) {
    throw new Error(
      'Invalid environment: PUBLIC_URL is required when mail is on (SMTP_URL and MAIL_TO): mails link to it',
    );
  }
  // Else a server pointed at a local broker would still reach the real one for these.
  if (parsed.data.UPSTOX_API_ROOT && !parsed.data.UPSTOX_INSTRUMENTS_URL) {
    throw new Error('Invalid environment: UPSTOX_INSTRUMENTS_URL is required with UPSTOX_API_ROOT');
  }
  if (parsed.data.ANGELONE_API_ROOT && !(parsed.data.ANGELONE_LOGIN_URL && parsed.data.ANGELONE_SCRIP_MASTER_URL)) {
    throw new Error(
      'Invalid environment: ANGELONE_LOGIN_URL and ANGELONE_SCRIP_MASTER_URL are required with ANGELONE_API_ROOT',
    );
  }
  if (parsed.data.DHAN_API_ROOT && !(parsed.data.DHAN_AUTH_ROOT && parsed.data.DHAN_SCRIP_MASTER_URL)) {
    throw new Error('Invalid environment: DHAN_AUTH_ROOT and DHAN_SCRIP_MASTER_URL are required with DHAN_API_ROOT');
  }
  if ((parsed.data.DHAN_PARTNER_ID === undefined) !== (parsed.data.DHAN_PARTNER_SECRET === undefined)) {
    throw new Error('Invalid environment: DHAN_PARTNER_ID and DHAN_PARTNER_SECRET go together (set both, or neither)');
  }
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    CLIENT_DIR: path.resolve(parsed.data.CLIENT_DIR),
    BACKUP_DIR: path.resolve(parsed.data.BACKUP_DIR ?? path.join(parsed.data.DATA_DIR, 'backups')),
  };
}
