/** The login form's validation: the shared schema the server checks the body with. */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@shared/schemas/session';

export const loginResolver = zodResolver(loginBodySchema);
