import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, RegisterInput } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

/** POST /api/auth/register (spec section 3): username equals the e-mail, userType is always developer. */
export function registerUser(input: RegisterInput): Promise<CurrentUser> {
  return request<CurrentUser>('/api/auth/register', { method: 'POST', body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
