import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteAccountSchema } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

type DeleteAccount = z.input<typeof deleteAccountSchema>;

/** POST /api/auth/delete-account: answers 204; the person's reviews stay, shown as "Anonymous". */
export async function deleteAccount(password: string): Promise<void> {
  const body: DeleteAccount = password ? { password } : {};
  await request<unknown>('/api/auth/delete-account', { method: 'POST', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
