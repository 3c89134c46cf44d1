import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

/** POST /api/auth/delete-account: answers 204; the person's reviews stay, shown as "Anonymous". */
export async function deleteAccount(password: string): Promise<void> {
  await request<unknown>('/api/auth/delete-account', {
    method: 'POST',
    body: password ? { password } : {},
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
