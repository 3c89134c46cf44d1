import { AlertTriangle, Clock } from 'lucide-react';
import { useState } from 'react';
import { Button, PendingButton } from '../../components/ui/button.js';
import { DialogContent, DialogDescription, DialogRoot, DialogTitle } from '../../components/ui/dialog.js';
import type { SessionAlert } from '../../lib/auth-session.js';

export const IDLE_MESSAGE = 'Your session has expired due to inactivity. Please log in again.';

interface SessionAlertDialogProps {
  alert: SessionAlert;
  onDismiss: () => void;
  onReset: () => Promise<void>;
}

/** Loaded only when an alert is raised: the idle-expiry notice and the "Session Error Detected" alert. */
export default function SessionAlertDialog({ alert, onDismiss, onReset }: SessionAlertDialogProps) {
  const [resetting, setResetting] = useState(false);
  const iconClass = 'h-5 w-5';

  return (
    <DialogRoot open onOpenChange={(open) => !open && onDismiss()}>
      <DialogContent
        role="alertdialog"
        showClose={false}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        {alert === 'idle' ? (
          <>
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
              <Clock className={iconClass} aria-hidden="true" />
            </span>
            <DialogTitle className="mt-4 text-lg font-semibold text-slate-900">Session expired</DialogTitle>
            <DialogDescription className="mt-2 text-sm text-slate-700">{IDLE_MESSAGE}</DialogDescription>
            <div className="mt-6 flex justify-end">
              <Button onClick={onDismiss}>OK</Button>
            </div>
          </>
        ) : (
          <>
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-red-50 text-red-700">
              <AlertTriangle className={iconClass} aria-hidden="true" />
            </span>
            <DialogTitle className="mt-4 text-lg font-semibold text-slate-900">
              Session Error Detected
            </DialogTitle>
            <DialogDescription className="mt-2 text-sm text-slate-700">
              Your session is no longer valid, so some actions fail. Resetting it signs you out on every
              device; then you can log in again.
            </DialogDescription>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onDismiss} disabled={resetting}>
                Not now
              </Button>
              <PendingButton
                variant="danger"
                onClick={() => {
                  setResetting(true);
                  void onReset().finally(() => setResetting(false));
                }}
                pending={resetting}
              >
                Reset My Session
              </PendingButton>
            </div>
          </>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
