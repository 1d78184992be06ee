/** The login form's validation: the shared schema (zod/mini) the server checks the body with. */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@shared/schemas/login';

export const loginResolver = zodResolver(loginBodySchema);
