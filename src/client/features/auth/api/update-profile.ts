import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  companyName?: string | null;
  companyWebsite?: string | null;
  organizationType?: 'individual' | 'enterprise';
  isAnonymous?: boolean;
}

/** PUT /api/auth/profile: answers the updated user. */
export function updateProfile(input: ProfileInput): Promise<CurrentUser> {
  return request<CurrentUser>('/api/auth/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
