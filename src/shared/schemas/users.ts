import { z } from 'zod';
import { ROLES } from '../constants';

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int()
    .positive(`${label} must be a positive whole number`);

/** Creating a login (CLI `user create`, demo seed, later the admin screens). */
export const createUserSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('Enter a valid email')),
  password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
  role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }),
  /** Defaults to the part of the email before the @. */
  name: z.string().trim().min(1, 'Name must not be blank').max(200).optional(),
  memberId: id('Member ID').optional(),
  accountId: id('Account ID').optional(),
});
/** A login made by the product: null password for one whose owner sets it through a set-password link. */
export const newLoginSchema = createUserSchema.extend({ password: createUserSchema.shape.password.nullable() });
export type CreateUserInput = z.input<typeof newLoginSchema>;
