import { AlertCircle, Check, CloudUpload } from 'lucide-react';
import { cn } from '../../../lib/cn.js';
import type { SaveState } from '../hooks/use-draft-autosave.js';

export const submissionSteps = [
  { id: 'source', label: 'Source' },
  { id: 'details', label: 'Details' },
  { id: 'preview', label: 'Preview & submit' },
] as const;
export type SubmissionStep = (typeof submissionSteps)[number]['id'];

interface SubmissionStepperProps {
  step: SubmissionStep;
  onStepChange: (step: SubmissionStep) => void;
  disabled?: boolean;
}

/** The three steps; each is a button, the current one marked for assistive technology. */
export function SubmissionStepper({ step, onStepChange, disabled }: SubmissionStepperProps) {
  const currentIndex = submissionSteps.findIndex((item) => item.id === step);
  return (
    <nav aria-label="Submission steps">
      <ol className="flex items-center gap-1 sm:gap-2">
        {submissionSteps.map((item, index) => {
          const current = item.id === step;
          const done = index < currentIndex;
          return (
            <li key={item.id} className="flex min-w-0 items-center gap-1 sm:gap-2">
              {index > 0 && <span className="h-px w-3 shrink-0 bg-slate-300 sm:w-6" aria-hidden="true" />}
              <button
                type="button"
                onClick={() => onStepChange(item.id)}
                disabled={disabled}
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'flex min-w-0 cursor-pointer items-center gap-1.5 rounded-full py-1 pr-2.5 pl-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-default',
                  current
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                <span
                  className={cn(
                    'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    current && 'bg-brand-600 text-white',
                    done && 'bg-emerald-600 text-white',
                    !current && !done && 'bg-slate-200 text-slate-700',
                  )}
                  aria-hidden="true"
                >
                  {done ? <Check className="h-3.5 w-3.5" /> : index + 1}
                </span>
                <span className={cn('truncate', !current && 'sr-only sm:not-sr-only')}>{item.label}</span>
                {done && <span className="sr-only"> (done)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** "Saving…" / "Saved" / "Not saved" next to the stepper; "Not saved" offers to try again. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  if (state === 'idle') return <span className="text-xs text-slate-500">Nothing saved yet</span>;
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-xs font-medium">
      {state === 'saving' && (
        <>
          <CloudUpload className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <span className="text-slate-600">Saving…</span>
        </>
      )}
      {state === 'saved' && (
        <>
          <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
          <span className="text-emerald-700">Saved</span>
        </>
      )}
      {state === 'error' && (
        <>
          <AlertCircle className="h-4 w-4 text-red-600" aria-hidden="true" />
          <span className="text-red-700">Not saved</span>
          <button
            type="button"
            onClick={onRetry}
            className="cursor-pointer text-red-700 underline hover:text-red-900"
          >
            Retry
          </button>
        </>
      )}
    </span>
  );
}
