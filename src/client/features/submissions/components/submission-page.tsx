import { FileQuestion } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  agentFormValuesFromDraft,
  emptyAgentFormValues,
} from '../../../components/agent-form/agent-form-values.js';
import { ButtonLink } from '../../../components/ui/button.js';
import { LoadFailure } from '../../../components/ui/load-failure.js';
import { PageSpinner } from '../../../components/ui/spinner.js';
import { useAuthSession } from '../../../lib/auth-session.js';
import { isApiError } from '../../../lib/request.js';
import { paths } from '../../../paths.js';
import { useDraft } from '../api/get-draft.js';
import { SignInToSubmit } from './sign-in-to-submit.js';
import { SubmissionForm, type SourceStepProps } from './submission-form.js';

function parseDraftId(value: string | null): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function ResumedForm({
  draftId,
  formKey,
  onDiscarded,
  renderSource,
}: {
  draftId: number;
  formKey: number;
  onDiscarded: (id: number) => void;
  renderSource: (props: SourceStepProps) => ReactNode;
}) {
  const draft = useDraft(draftId);
  if (draft.isPending) return <PageSpinner label="Loading your draft" />;
  if (draft.isError) {
    const missing = isApiError(draft.error) && draft.error.status === 404;
    return (
      <LoadFailure
        notFound={missing}
        icon={<FileQuestion className="h-6 w-6" />}
        title={{ notFound: 'This draft does not exist', failed: 'The draft could not be loaded' }}
        notFoundDescription="It may have been submitted or deleted. Your other drafts are on My Drafts."
        error={draft.error}
        actions={
          <>
            <ButtonLink to={paths.myDrafts.href()} variant="outline">
              My Drafts
            </ButtonLink>
            <ButtonLink to={paths.submitAgent.href()}>Start a new submission</ButtonLink>
          </>
        }
      />
    );
  }
  const values = agentFormValuesFromDraft(draft.data);
  return (
    <SubmissionForm
      key={formKey}
      initialValues={values}
      initialDraftId={draftId}
      initialStep={values.name.trim() ? 'details' : 'source'}
      onDraftCreated={() => undefined}
      onDiscarded={onDiscarded}
      renderSource={renderSource}
      imported={draft.data}
    />
  );
}

/**
 * /submit-agent and /submit-agent-new: signed out, an invitation to sign in; `?draft=ID` resumes that
 * draft; otherwise a new, empty form whose first change creates the draft and puts its id in the URL.
 */
export function SubmissionPage({ renderSource }: { renderSource: (props: SourceStepProps) => ReactNode }) {
  const { status } = useAuthSession();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const createdRef = useRef<number | null>(null);
  // A discarded draft's id may linger in the URL for one render; it must not be "resumed" (a 404).
  const discardedRef = useRef<number | null>(null);
  const urlDraftId = parseDraftId(searchParams.get('draft'));
  const draftParam = urlDraftId !== null && urlDraftId === discardedRef.current ? null : urlDraftId;
  // The form in use: a new key starts it over (another draft opened, or the current one discarded).
  const [session, setSession] = useState<{ key: number; draftId: number | null; resumed: boolean }>({
    key: 0,
    draftId: draftParam,
    resumed: draftParam !== null,
  });

  if (draftParam !== session.draftId) {
    if (draftParam !== null && draftParam === createdRef.current) {
      // Our own new draft's id just reached the URL: the form keeps going as it is.
      setSession({ ...session, draftId: draftParam });
    } else {
      setSession({ key: session.key + 1, draftId: draftParam, resumed: draftParam !== null });
    }
  }

  const onDraftCreated = useCallback(
    (id: number) => {
      createdRef.current = id;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('draft', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const onDiscarded = useCallback(
    (id: number) => {
      discardedRef.current = id;
      createdRef.current = null;
      setSession((current) => ({ key: current.key + 1, draftId: null, resumed: false }));
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('draft');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'unauthenticated')
    return <SignInToSubmit returnPath={`${location.pathname}${location.search}`} />;

  const header = (
    <div className="mx-auto max-w-3xl px-4 pt-2 pb-6 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Submit an agent</h1>
      <p className="mt-1 text-slate-600">
        List your AI agent on AgentAtlas. An admin reviews every submission.
      </p>
    </div>
  );

  return (
    <>
      {header}
      {session.resumed && session.draftId !== null ? (
        <ResumedForm
          key={session.key}
          formKey={session.key}
          draftId={session.draftId}
          onDiscarded={onDiscarded}
          renderSource={renderSource}
        />
      ) : (
        <SubmissionForm
          key={session.key}
          initialValues={emptyAgentFormValues()}
          initialDraftId={null}
          initialStep="source"
          onDraftCreated={onDraftCreated}
          onDiscarded={onDiscarded}
          renderSource={renderSource}
        />
      )}
    </>
  );
}
