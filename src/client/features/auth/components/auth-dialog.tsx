import { useLocation } from 'react-router';
import { DialogContent, DialogDescription, DialogRoot, DialogTitle } from '../../../components/ui/dialog.js';
import type { AuthTab } from '../../../lib/auth-dialog.js';
import { LoginForm } from './login-form.js';
import { RegisterForm } from './register-form.js';
import { SocialSignIn } from './social-sign-in.js';

interface AuthDialogProps {
  open: boolean;
  tab: AuthTab;
  reason: string | undefined;
  onOpenChange: (open: boolean) => void;
  onTabChange: (tab: AuthTab) => void;
}

/** Spec section 2: the auth dialog, titled "Login" or "Create Account", with the OR CONTINUE WITH section. */
export default function AuthDialog({ open, tab, reason, onOpenChange, onTabChange }: AuthDialogProps) {
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}`;
  const isLogin = tab === 'login';

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogTitle className="pr-8 text-2xl font-bold tracking-tight text-slate-900">
          {isLogin ? 'Login' : 'Create Account'}
        </DialogTitle>
        <DialogDescription className="mt-1 mb-5 text-sm text-slate-600">
          {reason ??
            (isLogin
              ? 'Welcome back! Log in to review, favorite and submit agents.'
              : 'Join AgentAtlas to review, favorite and submit agents.')}
        </DialogDescription>
        {isLogin ? (
          <LoginForm variant="dialog" returnPath={returnPath} onRegister={() => onTabChange('register')} />
        ) : (
          <RegisterForm onLogin={() => onTabChange('login')} />
        )}
        <SocialSignIn returnPath={returnPath} />
      </DialogContent>
    </DialogRoot>
  );
}
