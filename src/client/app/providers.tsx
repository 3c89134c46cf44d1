import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthDialogProvider } from '../lib/auth-dialog.js';
import { queryClient } from '../lib/query-client.js';
import { ToasterHost } from '../lib/toast.js';
import { TooltipProvider } from '../components/ui/tooltip.js';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AuthDialogProvider>{children}</AuthDialogProvider>
      </TooltipProvider>
      <ToasterHost />
    </QueryClientProvider>
  );
}
