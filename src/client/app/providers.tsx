import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthDialogProvider } from '../features/auth/components/auth-dialog-provider.js';
import { queryClient } from '../lib/query-client.js';
import { ToasterHost } from '../lib/toast.js';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <ToasterHost />
    </QueryClientProvider>
  );
}
