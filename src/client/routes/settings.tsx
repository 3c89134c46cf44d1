import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, Mail, ShieldAlert, UserCog, Webhook } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { changePasswordSchema } from '../../shared/api/auth.js';
import { displayName } from '../../shared/rules/display-name.js';
import { Badge } from '../components/ui/badge.js';
import { Button, PendingButton } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { PasswordField, TextField } from '../components/ui/form-field.js';
import { Label, Select } from '../components/ui/input.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import { useChangePassword } from '../features/auth/api/change-password.js';
import { useSendVerificationEmail } from '../features/auth/api/send-verification-email.js';
import { useUpdateProfile, type ProfileInput } from '../features/auth/api/update-profile.js';
import { DeleteAccountDialog } from '../features/auth/components/delete-account-dialog.js';
import { useOwnerAgents } from '../features/owner-agents/api/get-owner-agents.js';
import { WebhooksManager } from '../features/webhooks/components/webhooks-manager.js';
import {
  CompanyFields,
  NewPasswordField,
  PersonNameFields,
} from '../features/auth/components/account-fields.js';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/form-errors.js';
import { useAuthSession, type SessionUser } from '../lib/auth-session.js';
import { queryKeys } from '../lib/query-keys.js';
import { cn } from '../lib/cn.js';
import { isApiError } from '../lib/request.js';
import { toast } from '../lib/toast.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { useValidatedForm } from '../lib/use-validated-form.js';

function Section({
  id,
  title,
  description,
  icon,
  children,
  tone = 'neutral',
}: {
  id?: string;
  title: string;
  description?: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  tone?: 'neutral' | 'danger';
}) {
  return (
    <Card className={cn('scroll-mt-20 p-5 sm:p-6', tone === 'danger' && 'border-red-200')} id={id}>
      <section>
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={cn(
              'flex h-9 w-9 shrink-0 items-center justify-center rounded-xl',
              tone === 'danger' ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700',
            )}
          >
            {icon}
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            {description && <div className="mt-0.5 text-sm text-slate-600">{description}</div>}
          </div>
        </div>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

function Switch({
  checked,
  onCheckedChange,
  label,
  description,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  description: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600">
          {description}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-description`}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

type ProfileField = 'firstName' | 'lastName' | 'fullName' | 'companyName' | 'companyWebsite';

function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const [values, setValues] = useState<Record<ProfileField, string>>({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    fullName: user.fullName ?? '',
    companyName: user.companyName ?? '',
    companyWebsite: user.companyWebsite ?? '',
  });
  const [organizationType, setOrganizationType] = useState(user.organizationType);
  const [isAnonymous, setIsAnonymous] = useState(user.isAnonymous);
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});

  const set = (field: ProfileField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const anonymousPreview = displayName({
    firstName: values.firstName,
    lastName: values.lastName,
    userName: user.userName,
    isAnonymous: true,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const input: ProfileInput = { ...values, organizationType, isAnonymous };
    update.mutate(input, {
      onSuccess: (saved) => {
        setErrors({});
        queryClient.setQueryData(queryKeys.auth.currentUser(), saved);
        toast.success('Profile updated', { description: 'Your changes have been saved.' });
      },
      onError: (failure) => {
        if (isApiError(failure)) setErrors(serverFieldErrors<ProfileField>(failure.details));
        toast.error('Profile update failed', {
          description: isApiError(failure) ? failure.message : 'An error occurred. Please try again.',
        });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PersonNameFields values={values} errors={errors} set={set} />
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="name"
        value={values.fullName}
        onValueChange={set('fullName')}
        error={errors.fullName}
      />
      <div className="space-y-1.5">
        <Label htmlFor="organization-type">Organization type</Label>
        <Select
          id="organization-type"
          value={organizationType}
          onChange={(event) =>
            setOrganizationType(event.target.value === 'enterprise' ? 'enterprise' : 'individual')
          }
        >
          <option value="individual">Individual (personal use)</option>
          <option value="enterprise">Enterprise (work use)</option>
        </Select>
      </div>
      <CompanyFields values={values} errors={errors} set={set} />
      <Switch
        label="Show me anonymously"
        checked={isAnonymous}
        onCheckedChange={setIsAnonymous}
        description={
          values.firstName.trim() && values.lastName.trim() ? (
            <>
              Your reviews then show your first name and the initial of your last name, as &quot;
              {anonymousPreview}&quot;, instead of your full name.
            </>
          ) : (
            <>
              Your reviews then show your first name and the initial of your last name (&quot;First L.&quot;).
              Add both names above for this to apply.
            </>
          )
        }
      />
      <div className="flex justify-end">
        <PendingButton type="submit" pending={update.isPending}>
          Save changes
        </PendingButton>
      </div>
    </form>
  );
}

function EmailSection({ user }: { user: SessionUser }) {
  const send = useSendVerificationEmail();
  return (
    <Section
      title="E-mail"
      icon={<Mail className="h-5 w-5" />}
      description="Verified reviewers carry more weight in reputation scores."
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-0 font-medium break-all text-slate-900">{user.email}</span>
        {user.emailVerified ? (
          <Badge tone="success">Verified</Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
      </div>
      {!user.emailVerified && (
        <PendingButton
          variant="outline"
          className="mt-4"
          onClick={() => send.mutate(user.email)}
          pending={send.isPending}
        >
          Resend verification e-mail
        </PendingButton>
      )}
    </Section>
  );
}

type PasswordFormField = 'currentPassword' | 'newPassword';

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useValidatedForm<PasswordFormField>({ currentPassword: '', newPassword: '' }, (values) => {
    const parsed = changePasswordSchema.safeParse(values);
    return parsed.success ? {} : zodFieldErrors<PasswordFormField>(parsed.error);
  });
  const { values, errors, set } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || !form.validateAll()) return;
    change.mutate(values, {
      onSuccess: (answer) => {
        form.reset();
        toast.success('Password changed', { description: answer.message });
      },
      onError: (failure) => {
        if (isApiError(failure)) form.showErrors(serverFieldErrors<PasswordFormField>(failure.details));
        toast.error('Password change failed', {
          description: isApiError(failure) ? failure.message : 'An error occurred. Please try again.',
        });
      },
    });
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={values.currentPassword}
        onValueChange={set('currentPassword')}
        error={errors.currentPassword}
      />
      <NewPasswordField
        label="New password"
        name="newPassword"
        value={values.newPassword}
        onValueChange={set('newPassword')}
        error={errors.newPassword}
      />
      <div className="flex justify-end">
        <PendingButton type="submit" pending={change.isPending}>
          Change password
        </PendingButton>
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const { resetSession } = useAuthSession();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void resetSession().finally(() => setPending(false));
      }}
    >
      {pending ? <ButtonSpinner /> : <LogOut className="h-4 w-4" aria-hidden="true" />}
      Sign out everywhere
    </Button>
  );
}

/** The webhooks manager with the owner's agents to choose from. */
function WebhooksSettings() {
  const agents = useOwnerAgents();
  return (
    <WebhooksManager
      agents={(agents.data?.agents ?? []).map((agent) => ({ id: agent.id, name: agent.name }))}
    />
  );
}

/** /settings and /profile (spec section 2): the signed-in person's profile, e-mail, password and account. */
export function SettingsPage() {
  useDocumentTitle('Profile settings');
  const { user } = useAuthSession();
  // The guard renders this page only for a signed-in user.
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Profile settings</h1>
      <p className="mt-2 text-slate-600">
        Manage your name, e-mail, password, webhooks and how you appear in reviews.
      </p>
      <div className="mt-8 space-y-6">
        <Section title="Profile" icon={<UserCog className="h-5 w-5" />}>
          <ProfileForm key={user.id} user={user} />
        </Section>
        <EmailSection user={user} />
        <Section
          title="Password"
          icon={<KeyRound className="h-5 w-5" />}
          description="Changing your password signs you out on your other devices."
        >
          <ChangePasswordForm />
        </Section>
        <Section
          title="Sessions"
          icon={<LogOut className="h-5 w-5" />}
          description="Signed in somewhere you no longer use? End every session, including this one."
        >
          <SignOutEverywhere />
        </Section>
        <Section
          id="webhooks"
          title="Webhooks"
          icon={<Webhook className="h-5 w-5" />}
          description="Your server hears about your agents as things happen: reviews, status, health and claims."
        >
          <WebhooksSettings />
        </Section>
        <Section
          title="Delete account"
          tone="danger"
          icon={<ShieldAlert className="h-5 w-5" />}
          description='Your account and personal data are removed. Your reviews stay, shown as "Anonymous".'
        >
          <DeleteAccountDialog />
        </Section>
      </div>
    </div>
  );
}
