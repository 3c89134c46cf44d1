import { DatabaseZap, FilePlus2, Inbox, RefreshCw, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { RegistrySyncCounts, RegistrySyncStatus } from '../../../../shared/api/imports.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { CheckboxField } from '../../../components/ui/form-field.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { paths } from '../../../paths.js';
import {
  useDecideCandidate,
  useImportCandidates,
  useRegistrySync,
  useRunSyncNow,
  useSetSyncEnabled,
} from '../api/registry-sync.js';

function countsLine(counts: RegistrySyncCounts): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    plural(counts.servers, 'server read', 'servers read'),
    plural(counts.editsQueued, 'new version queued as an edit', 'new versions queued as edits'),
    plural(counts.candidatesAdded, 'new candidate', 'new candidates'),
  ].join(', ');
}

function SyncPanel({ status }: { status: RegistrySyncStatus }) {
  const setEnabled = useSetSyncEnabled();
  const runNow = useRunSyncNow();
  const running = status.running || runNow.isPending;
  return (
    <section
      aria-labelledby="registry-sync-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <DatabaseZap className="mt-0.5 h-6 w-6 shrink-0 text-slate-900" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <h2 id="registry-sync-heading" className="text-lg font-semibold text-slate-900">
            Sync with the MCP registry
          </h2>
          <p className="text-sm break-words text-slate-600">
            Reads what changed at {status.registryUrl} every {status.intervalMinutes} minutes: new versions of
            listed servers wait as edits in the moderation queue, new servers as candidates below. Nothing is
            published without an admin.
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CheckboxField
          checked={status.enabled}
          onCheckedChange={(enabled) => setEnabled.mutate(enabled)}
          disabled={setEnabled.isPending}
        >
          Sync periodically
        </CheckboxField>
        <Button variant="outline" onClick={() => runNow.mutate(undefined)} disabled={running}>
          {running ? <ButtonSpinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          {running ? 'Syncing...' : 'Sync now'}
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Last run</dt>
          <dd className="font-medium text-slate-900">
            {status.lastRunAt ? formatDate(status.lastRunAt) : 'Never'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Changes read up to</dt>
          <dd className="font-medium text-slate-900">
            {status.updatedSince ? formatDate(status.updatedSince) : 'Not yet'}
          </dd>
        </div>
        {status.lastCounts && (
          <div className="sm:col-span-2">
            <dt className="text-slate-600">Last run did</dt>
            <dd className="text-slate-900">{countsLine(status.lastCounts)}</dd>
          </div>
        )}
      </dl>
      {status.lastError && (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {status.lastError}
        </p>
      )}
    </section>
  );
}

function CandidateList() {
  const navigate = useNavigate();
  const candidates = useImportCandidates();
  const decide = useDecideCandidate((draft) => {
    void navigate(`${paths.submitAgent.href()}?draft=${draft.id}`);
  });

  if (candidates.isPending)
    return (
      <div role="status" aria-label="Loading candidates" className="space-y-2">
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-20 rounded-xl" />
      </div>
    );
  if (candidates.isError)
    return (
      <EmptyState
        tone="error"
        icon={<Inbox className="h-6 w-6" />}
        title="The candidates could not be loaded"
        description={candidates.error.message}
        action={<Button onClick={() => void candidates.refetch()}>Try again</Button>}
      />
    );
  const list = candidates.data.pages.flatMap((page) => page.candidates);
  const total = candidates.data.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="candidates-heading" className="space-y-3">
      <h2 id="candidates-heading" className="text-lg font-semibold text-slate-900">
        New in the registry <span className="font-normal text-slate-600">({total})</span>
      </h2>
      {list.length === 0 ? (
        <EmptyState
          icon={<Inbox className="h-6 w-6" />}
          title="No candidates"
          description="Servers new in the registry appear here after a sync."
        />
      ) : (
        <ul
          aria-label="Candidates"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {list.map((candidate) => {
            const busy = decide.isPending && decide.variables.id === candidate.id;
            return (
              <li key={candidate.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {candidate.title}{' '}
                    <span className="text-sm font-normal text-slate-600">{candidate.version}</span>
                  </p>
                  <p className="text-xs break-all text-slate-600">{candidate.registryName}</p>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-700">{candidate.description}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => decide.mutate({ id: candidate.id, action: 'draft' })}
                    aria-label={`Start a draft of ${candidate.title}`}
                  >
                    <FilePlus2 className="h-4 w-4" aria-hidden="true" />
                    Start a draft
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => decide.mutate({ id: candidate.id, action: 'dismiss' })}
                    aria-label={`Dismiss ${candidate.title}`}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    Dismiss
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {candidates.hasNextPage && (
        <Button
          variant="outline"
          onClick={() => void candidates.fetchNextPage()}
          disabled={candidates.isFetchingNextPage}
        >
          {candidates.isFetchingNextPage && <ButtonSpinner />}
          Show more
        </Button>
      )}
    </section>
  );
}

/** The registry sync's switch and last run, and the servers it found that wait for an admin. */
export function RegistrySyncAdmin() {
  const status = useRegistrySync();
  const queryClient = useQueryClient();
  const running = status.data?.running ?? false;
  const wasRunning = useRef(running);
  // A run that just ended may have found new candidates.
  useEffect(() => {
    if (wasRunning.current && !running)
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports.candidates() });
    wasRunning.current = running;
  }, [running, queryClient]);
  if (status.isPending) return <Skeleton className="h-48 rounded-2xl" />;
  if (status.isError)
    return (
      <EmptyState
        tone="error"
        icon={<DatabaseZap className="h-6 w-6" />}
        title="The sync's state could not be loaded"
        description={status.error.message}
        action={<Button onClick={() => void status.refetch()}>Try again</Button>}
      />
    );
  return (
    <div className="space-y-8">
      <SyncPanel status={status.data} />
      <CandidateList />
    </div>
  );
}
