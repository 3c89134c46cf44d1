import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser, updateProfileSchema } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

export type ProfileInput = z.input<typeof updateProfileSchema>;

/** PUT /api/auth/profile: answers the updated user. */
export function updateProfile(input: ProfileInput): Promise<CurrentUser> {
  return request<CurrentUser>('/api/auth/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
