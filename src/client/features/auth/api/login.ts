import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

/** POST /api/auth/login: username holds the e-mail (spec section 3). */
export function loginUser(input: LoginInput): Promise<CurrentUser> {
  return request<CurrentUser>('/api/auth/login', { method: 'POST', body: input });
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
