import { Hourglass, Info, Save } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { EditableAgent, UpdateAgentResponse } from '../../../../shared/api/owner-agents.js';
import { formatDate } from '../../../../shared/rules/date.js';
import {
  AgentDetailsFields,
  focusFirstInvalidField,
} from '../../../components/agent-form/agent-details-fields.js';
import {
  agentFormValuesFromListing,
  toAgentFieldsBody,
  validateAgentFormValues,
  type AgentFormErrors,
  type AgentFormValues,
} from '../../../components/agent-form/agent-form-values.js';
import { Button, ButtonLink } from '../../../components/ui/button.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { detailsByField } from '../../../lib/form-errors.js';
import { isApiError } from '../../../lib/request.js';
import { setUnsavedChanges, useUnsavedChangesFlag } from '../../../lib/unsaved-changes.js';
import { toast } from '../../../lib/toast.js';
import { paths } from '../../../paths.js';
import { useUpdateAgent } from '../api/update-agent.js';

const outcomeToasts: Record<UpdateAgentResponse['outcome'], { title: string; description: string }> = {
  revision: {
    title: 'Changes submitted for review',
    description: 'Your listing stays live until an admin approves the changes.',
  },
  updated: {
    title: 'Changes saved',
    description: 'Your submission is still waiting for review, now with these details.',
  },
  resubmitted: {
    title: 'Resubmitted for review',
    description: 'An admin will look at your listing again.',
  },
};

function sameValues(a: AgentFormValues, b: AgentFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function EditBanner({ editable }: { editable: EditableAgent }) {
  const { agent, pendingRevision } = editable;
  if (pendingRevision) {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50/70 p-4 text-sm text-slate-800">
        <Hourglass className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <p>
          <span className="font-semibold">You are editing changes that wait for review</span> (sent{' '}
          {formatDate(pendingRevision.createdAt)}), not the live listing. Saving replaces them, and the live
          listing stays as it is until an admin approves.
        </p>
      </div>
    );
  }
  if (agent.status === 'rejected') {
    // The reason stays in view while the owner fixes what it names.
    return (
      <div className="rounded-2xl border border-red-200 bg-red-50/70 p-4 text-sm text-slate-800">
        <p className="font-semibold text-slate-900">Not approved</p>
        {agent.rejectionReason && (
          <p className="mt-1 break-words whitespace-pre-line">{agent.rejectionReason}</p>
        )}
        <p className="mt-2 text-slate-700">Saving sends your listing back to the review queue.</p>
      </div>
    );
  }
  const text =
    agent.status === 'published'
      ? 'Your listing is live. Saved changes go to an admin for review; the current version stays live until they are approved.'
      : 'Your submission is waiting for review; saved changes are what the admin will see.';
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

export function EditAgentForm({
  editable,
  categories,
}: {
  editable: EditableAgent;
  categories: Array<{ slug: string; name: string }>;
}) {
  const { agent } = editable;
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useMemo(() => agentFormValuesFromListing(editable.fields), [editable.fields]);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<AgentFormErrors>({});
  const [uploading, setUploading] = useState(false);
  const update = useUpdateAgent(agent.id);
  const dirty = !sameValues(values, initial);
  // The layout's guard asks before leaving and warns on unload while this is set.
  useUnsavedChangesFlag(dirty && !update.isSuccess);

  const onChange = (patch: Partial<AgentFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // A corrected field drops its message; the others stay until the next save.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        delete next[key];
        if (key === 'logo') delete next.logoFileId;
        if (key === 'repoUrl') delete next.githubRepo;
      }
      return next;
    });
  };

  const showErrors = (found: AgentFormErrors) => {
    setErrors(found);
    // Wait for the fields to render their aria-invalid before moving focus.
    requestAnimationFrame(() => focusFirstInvalidField(formRef.current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || uploading) return;
    const found = validateAgentFormValues(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    update.mutate(toAgentFieldsBody(values), {
      onSuccess: (result) => {
        const message = outcomeToasts[result.outcome];
        toast.success(message.title, { description: message.description });
        // Saved: the navigation below must not ask, and it runs before the flag's effect would clear it.
        setUnsavedChanges(false);
        void navigate(paths.agentStatus.href(agent.id));
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400 && error.details) {
          showErrors(detailsByField(error.details));
          toast.error('Please correct the highlighted fields', { description: error.message });
        } else if (isApiError(error) && error.status === 409) {
          toast.error('This repository is already listed', { description: error.message });
        } else {
          toast.error('Failed to save changes', { description: error.message });
        }
      },
    });
  };

  const rejected = agent.status === 'rejected';
  const saveLabel = rejected ? 'Save and resubmit' : 'Save changes';

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6">
      <EditBanner editable={editable} />
      <AgentDetailsFields
        values={values}
        onChange={onChange}
        errors={errors}
        categories={categories}
        disabled={update.isPending}
        onUploadingChange={setUploading}
      />
      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-5">
        <p className="mr-auto hidden text-sm text-slate-600 sm:block" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : rejected ? '' : 'No changes yet.'}
        </p>
        <ButtonLink to={paths.agentStatus.href(agent.id)} variant="outline">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={update.isPending || uploading || (!dirty && !rejected)}>
          {update.isPending ? <ButtonSpinner /> : <Save className="h-4 w-4" aria-hidden="true" />}
          {update.isPending ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
