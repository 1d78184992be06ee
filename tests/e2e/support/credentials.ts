/**
 * The demo logins the e2e server seeds (DEMO_* variables). Fixed for the test run, overridable
 * from the environment; never used outside tests.
 */
export const CREDENTIALS = {
  member: {
    email: process.env.DEMO_MEMBER_EMAIL ?? 'member@trabot.test',
    password: process.env.DEMO_MEMBER_PASSWORD ?? 'member-e2e-password',
  },
  admin: {
    email: process.env.DEMO_ADMIN_EMAIL ?? 'admin@trabot.test',
    password: process.env.DEMO_ADMIN_PASSWORD ?? 'admin-e2e-password',
  },
} as const;

export type Role = keyof typeof CREDENTIALS;
