import { LogIn, UserPlus } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { paths } from '../../../paths.js';

/** Signed-out visitors are told why they cannot submit and are brought back here after signing in. */
export function SignInToSubmit({ returnPath }: { returnPath: string }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <Card className="p-6 text-center sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Sign in to submit an agent</h1>
        <p className="mt-2 text-slate-600">
          Listing an agent takes an account, so its reviews and reputation stay with its owner. Your work is
          saved as a draft while you type.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.auth.href({ tab: 'login', returnPath })}>
            <LogIn className="h-4 w-4" aria-hidden="true" />
            Login
          </ButtonLink>
          <ButtonLink variant="outline" to={paths.auth.href({ tab: 'register', returnPath })}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Create Account
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
