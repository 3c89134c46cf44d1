import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Send, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { GithubRepoPrefill } from '../../../../shared/api/github.js';
import {
  AgentDetailsFields,
  focusFirstInvalidField,
} from '../../../components/agent-form/agent-details-fields.js';
import type { Draft } from '../../../../shared/api/submissions.js';
import { fieldSources, ImportFacts } from './import-facts.js';
import {
  isAgentFormEmpty,
  validateAgentFormValues,
  type AgentFormErrors,
  type AgentFormValues,
} from '../../../components/agent-form/agent-form-values.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { detailsByField } from '../../../lib/form-errors.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { setUnsavedChanges } from '../../../lib/unsaved-changes.js';
import { paths } from '../../../paths.js';
import { useCategories } from '../../../lib/get-categories.js';
import { useDeleteDraft } from '../api/delete-draft.js';
import { submitDraft } from '../api/submit-draft.js';
import { useDraftAutosave } from '../hooks/use-draft-autosave.js';
import { valuesFromPrefill } from '../lib/prefill.js';
import { AgentPreview } from './agent-preview.js';
import { DeleteDraftDialog } from './delete-draft-dialog.js';
import { SaveStatus, SubmissionStepper, type SubmissionStep } from './submission-stepper.js';

export interface SourceStepProps {
  onPick: (prefill: GithubRepoPrefill) => void;
  onSkip: () => void;
  pickedRepo: string | undefined;
}

interface SubmissionFormProps {
  initialValues: AgentFormValues;
  initialDraftId: number | null;
  initialStep: SubmissionStep;
  onDraftCreated: (id: number) => void;
  /** After "Discard draft": the page starts over with an empty form. */
  onDiscarded: (draftId: number) => void;
  /** Step 1's content (the route passes the GitHub picker, which lives in another feature). */
  renderSource: (props: SourceStepProps) => ReactNode;
  /** What the draft was imported from, and where each field came from. */
  imported?: Pick<Draft, 'provenance' | 'importedFrom' | 'version'> | undefined;
}

const stepTitles: Record<SubmissionStep, { title: string; description: string }> = {
  source: {
    title: 'Where is your agent?',
    description:
      'Import the details from what is already published or from a GitHub repository, or enter them yourself.',
  },
  details: {
    title: 'Describe your agent',
    description: 'Everything here is saved as a draft while you type.',
  },
  preview: {
    title: 'Preview & submit',
    description: 'This is how visitors will see your listing. An admin reviews it before it is published.',
  },
};

/** The multi-step submission: source, details, preview and submit, saved as a draft all along. */
export function SubmissionForm({
  initialValues,
  initialDraftId,
  initialStep,
  onDraftCreated,
  onDiscarded,
  renderSource,
  imported,
}: SubmissionFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const categories = useCategories();
  const [step, setStep] = useState<SubmissionStep>(initialStep);
  const [errors, setErrors] = useState<AgentFormErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const detailsRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { values, update, flush, stop, resume, saveState, draftId, currentDraftId } = useDraftAutosave({
    initialValues,
    initialDraftId,
    onDraftCreated,
  });

  const discard = useDeleteDraft({
    onDeleted: (id) => {
      setConfirmDiscard(false);
      setUnsavedChanges(false);
      onDiscarded(id);
    },
    onFailed: resume,
  });
  const [stopping, setStopping] = useState(false);

  async function discardDraft() {
    const id = currentDraftId();
    if (id === null) return;
    setStopping(true);
    await stop();
    setStopping(false);
    discard.mutate(id);
  }

  const categoryList = categories.data?.categories ?? [];
  const categoryName = categoryList.find((item) => item.slug === values.category)?.name ?? '';

  function change(patch: Partial<AgentFormValues>) {
    update(patch);
    setSubmitError(null);
    // A corrected field loses its message; the others keep theirs until the next check.
    if (Object.keys(errors).length > 0) {
      const next = { ...errors };
      for (const field of Object.keys(patch)) {
        const key = field === 'logo' ? 'logoFileId' : field;
        delete next[key];
        if (key === 'repoUrl' || key === 'websiteUrl') {
          delete next.websiteUrl;
          delete next.repoUrl;
        }
      }
      setErrors(next);
    }
  }

  function goTo(next: SubmissionStep) {
    if (next === step) return;
    if (next === 'preview') {
      const found = validateAgentFormValues(values);
      if (Object.keys(found).length > 0) {
        showErrors(found);
        return;
      }
    }
    // Spec: drafts are saved at once on every step change.
    if (!isAgentFormEmpty(values) || draftId !== null) void flush();
    setStep(next);
    window.requestAnimationFrame(() => headingRef.current?.focus());
  }

  function showErrors(found: AgentFormErrors) {
    setErrors(found);
    setStep('details');
    // After the details step has rendered with the messages.
    window.setTimeout(() => focusFirstInvalidField(detailsRef.current), 50);
  }

  function pickRepository(prefill: GithubRepoPrefill) {
    update(valuesFromPrefill(prefill));
    setErrors({});
    void flush();
    setStep('details');
  }

  async function submit() {
    if (submitting || uploading) return;
    const found = validateAgentFormValues(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const saved = await flush();
      if (!saved) return;
      const id = currentDraftId();
      if (id === null) return;
      const result = await submitDraft(id);
      setUnsavedChanges(false);
      queryClient.removeQueries({ queryKey: queryKeys.submissions.draft(id), exact: true });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.drafts(), exact: true }),
        // The owner's agent count drives the avatar menu's owner entries.
        queryClient.invalidateQueries({ queryKey: queryKeys.ownerAgents.count() }),
      ]);
      toast.success('Draft submitted', { description: 'Your agent has been submitted for review.' });
      void navigate(paths.agentStatus.href(result.agentId));
    } catch (error) {
      const message = isApiError(error) ? error.message : 'Please try again.';
      toast.error('Error submitting draft', { description: message });
      if (
        isApiError(error) &&
        error.status === 400 &&
        error.details &&
        Object.keys(error.details).length > 0
      ) {
        showErrors(detailsByField(error.details));
      } else {
        setSubmitError(message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const { title, description } = stepTitles[step];
  const draftName = values.name.trim() || 'Untitled draft';

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <SubmissionStepper step={step} onStepChange={goTo} disabled={submitting} />
        <SaveStatus state={saveState} onRetry={() => void flush()} />
      </div>

      <Card className="mt-6 p-5 sm:p-8">
        <div className="mb-6">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>

        {step === 'source' &&
          renderSource({
            onPick: pickRepository,
            onSkip: () => goTo('details'),
            pickedRepo: values.githubRepo || undefined,
          })}

        {step === 'details' && (
          <div ref={detailsRef}>
            {categories.isError && (
              <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
                The categories could not be loaded.{' '}
                <button
                  type="button"
                  className="cursor-pointer font-medium underline"
                  onClick={() => void categories.refetch()}
                >
                  Try again
                </button>
              </p>
            )}
            {imported?.importedFrom && (
              <ImportFacts origin={imported.importedFrom} version={imported.version} />
            )}
            <AgentDetailsFields
              values={values}
              onChange={change}
              errors={errors}
              categories={categoryList}
              disabled={submitting}
              onUploadingChange={setUploading}
              sources={imported ? fieldSources(imported.provenance, initialValues, values) : undefined}
            />
            <div className="mt-8 flex flex-col-reverse gap-2 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
              <Button variant="ghost" onClick={() => goTo('source')}>
                <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                Back
              </Button>
              <Button onClick={() => goTo('preview')} disabled={uploading}>
                Continue to preview
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        )}

        {step === 'preview' && (
          <div>
            <AgentPreview values={values} categoryName={categoryName} />
            {submitError && (
              <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
                {submitError}
              </p>
            )}
            <div className="mt-8 flex flex-col-reverse gap-2 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
              <Button variant="ghost" onClick={() => goTo('details')} disabled={submitting}>
                <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                Edit details
              </Button>
              <Button onClick={() => void submit()} disabled={submitting || uploading}>
                {submitting ? <ButtonSpinner /> : <Send className="h-4 w-4" aria-hidden="true" />}
                {submitting ? 'Submitting...' : 'Submit for review'}
              </Button>
            </div>
          </div>
        )}
      </Card>

      {draftId !== null && (
        <div className="mt-6 flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => setConfirmDiscard(true)} disabled={submitting}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Discard draft
          </Button>
        </div>
      )}
      <DeleteDraftDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        pending={stopping || discard.isPending}
        draftName={draftName}
        onConfirm={() => void discardDraft()}
      />
    </div>
  );
}
