import { PASSWORD_STRENGTH_HINT, passwordStrength } from '../../../../shared/rules/password-strength.js';
import { cn } from '../../../lib/cn.js';

const barColor = {
  Weak: 'bg-red-500',
  Fair: 'bg-amber-500',
  Good: 'bg-sky-600',
  Strong: 'bg-emerald-600',
} as const;

/** Spec section 5: 25 points per rule, labels Weak/Fair/Good/Strong, and the hint until it is strong. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="flex items-center gap-3">
        <div
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={score}
          aria-valuetext={label}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn('h-full rounded-full transition-[width] duration-300', barColor[label])}
            style={{ width: `${score}%` }}
          />
        </div>
        <span className="w-14 text-right text-xs font-semibold text-slate-700">{label}</span>
      </div>
      {score < 100 && <p className="text-xs text-slate-600">{PASSWORD_STRENGTH_HINT}</p>}
    </div>
  );
}
