import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';
import { PasswordField } from '../../../components/ui/form-field.js';
import { useAuthSession } from '../../../lib/auth-session.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { paths } from '../../../paths.js';
import { useDeleteAccount } from '../api/delete-account.js';

/** Deleting an account asks for the password; afterwards everything is forgotten and the person goes home. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const deletion = useDeleteAccount();
  const { endSessionLocally, expectSessionEnd } = useAuthSession();
  const navigate = useNavigate();

  const onOpenChange = (next: boolean) => {
    if (deletion.isPending) return;
    setOpen(next);
    setPassword('');
    setError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (deletion.isPending) return;
    const keepSession = expectSessionEnd();
    deletion.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Account deleted', {
          description: 'Your account has been deleted. Your reviews stay, shown as "Anonymous".',
        });
        // Leave the protected page first, so its guard does not send the person to the login page.
        void Promise.resolve(navigate(paths.home.href(), { replace: true })).then(endSessionLocally);
      },
      onError: (failure) => {
        keepSession();
        const message = isApiError(failure) ? failure.message : 'An error occurred. Please try again.';
        setError(isApiError(failure) ? (failure.details?.password?.[0] ?? message) : message);
      },
    });
  };

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <Button variant="danger" onClick={() => onOpenChange(true)}>
        Delete account
      </Button>
      <DialogContent
        heading="Delete your account?"
        description={
          <>
            This permanently deletes your account, your favorites and your notifications, and signs you out
            everywhere. Your reviews stay on the site, shown as &quot;Anonymous&quot;. This cannot be undone.
          </>
        }
      >
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={error}
            hint="Accounts created with GitHub and without a password can leave this empty."
          />
          <DialogActions busy={deletion.isPending}>
            <PendingButton type="submit" variant="danger" pending={deletion.isPending}>
              Delete my account
            </PendingButton>
          </DialogActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
