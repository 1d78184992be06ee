/** The demo's two logins: from DEMO_* variables when set, else fresh random passwords. */
import { randomInt } from 'node:crypto';
import type { Role } from '@shared/constants';
import type { Env } from '../config/env';

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
  /** The variable the password came from, or null when it was generated. */
  passwordFrom: string | null;
}

// No look-alike characters (0/O, 1/l/I): the password is read off a terminal and typed.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Four groups of four characters from a CSPRNG: about 93 bits. */
export function generatePassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

export function demoLogins(
  env: Pick<Env, 'DEMO_MEMBER_EMAIL' | 'DEMO_MEMBER_PASSWORD' | 'DEMO_ADMIN_EMAIL' | 'DEMO_ADMIN_PASSWORD'>,
): { member: DemoLogin; admin: DemoLogin } {
  return {
    member: {
      role: 'member',
      email: env.DEMO_MEMBER_EMAIL ?? 'member@trabot.example',
      password: env.DEMO_MEMBER_PASSWORD ?? generatePassword(),
      passwordFrom: env.DEMO_MEMBER_PASSWORD ? 'DEMO_MEMBER_PASSWORD' : null,
    },
    admin: {
      role: 'superadmin',
      email: env.DEMO_ADMIN_EMAIL ?? 'admin@trabot.example',
      password: env.DEMO_ADMIN_PASSWORD ?? generatePassword(),
      passwordFrom: env.DEMO_ADMIN_PASSWORD ? 'DEMO_ADMIN_PASSWORD' : null,
    },
  };
}

/**
 * The block printed once after seeding. A password given through the environment is not echoed
 * (it would end up in terminal scroll-back and CI logs); a generated one has to be.
 */
export function loginBox(logins: { member: DemoLogin; admin: DemoLogin }, url: string): string[] {
  const row = (label: string, login: DemoLogin) => [
    `${label}`,
    `  email:    ${login.email}`,
    `  password: ${login.passwordFrom ? `(the value of ${login.passwordFrom})` : login.password}`,
  ];
  const body = [
    'Trabot demo data is ready.',
    '',
    `Open ${url} and sign in (Member Login) as:`,
    '',
    ...row('Member', logins.member),
    '',
    ...row('Superadmin', logins.admin),
    '',
    'Generated passwords are shown only now and are not stored in clear.',
    'Lost one? Add a login (embedded database: stop the server first):',
    '  npm run cli -- user create --email E --password P --role superadmin',
  ];
  const width = Math.max(...body.map((line) => line.length));
  const edge = '═'.repeat(width + 2);
  return [`╔${edge}╗`, ...body.map((line) => `║ ${line.padEnd(width)} ║`), `╚${edge}╝`];
}
