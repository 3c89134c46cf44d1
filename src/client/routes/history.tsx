import { Bot, Clock, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { historyKinds } from '../../shared/api/history.js';
import { PAGE_MAX } from '../../shared/limits.js';
import { Button, ButtonLink } from '../components/ui/button.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Pagination } from '../components/ui/pagination.js';
import { useHistory } from '../features/history/api/get-history.js';
import { HistoryFilters } from '../features/history/components/history-filters.js';
import { HistoryList } from '../features/history/components/history-list.js';
import { HistorySkeleton } from '../features/history/components/history-skeleton.js';
import { useOwnerAgents } from '../features/owner-agents/api/get-owner-agents.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';
import { OwnerPageFailure } from '../components/owner-page-failure.js';

const PAGE_SIZE = 20;

function positiveInt(value: string | null, max: number): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

/** /history: everything that happened to the person's agents, newest first, by agent and kind. */
export function HistoryPage() {
  useDocumentTitle('History');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = positiveInt(searchParams.get('page'), PAGE_MAX) ?? 1;
  const agentId = positiveInt(searchParams.get('agentId'), 2_147_483_647);
  const kind = historyKinds.find((entry) => entry === searchParams.get('kind'));
  const agents = useOwnerAgents();
  const list = agents.data?.agents ?? [];
  const history = useHistory({ page, limit: PAGE_SIZE, agentId, kind });
  const filtered = agentId !== undefined || kind !== undefined;
  const slugs = new Map(list.map((agent) => [agent.id, agent]));

  let body;
  if (agents.isPending || history.isPending) {
    body = <HistorySkeleton />;
  } else if (agents.isError || history.isError) {
    body = (
      <OwnerPageFailure
        icon={<Clock className="h-6 w-6" />}
        title="Failed to load your history"
        queries={[agents, history]}
      />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        icon={<Bot className="h-6 w-6" />}
        title="You have not listed an agent yet"
        description="Submit an agent and its story starts here: the review, the decision, edits, verification and the reviews people write."
        action={
          <ButtonLink to={paths.submitAgent.href()}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Submit an agent
          </ButtonLink>
        }
      />
    );
  } else if (history.data.events.length === 0) {
    body = (
      <EmptyState
        icon={<Clock className="h-6 w-6" />}
        title={filtered ? 'Nothing matches these filters' : 'Nothing has happened yet'}
        description={
          filtered
            ? 'Try another agent or kind of event.'
            : 'Submissions, decisions, edits and reviews of your agents will show here as they happen.'
        }
        action={
          filtered ? (
            <Button variant="outline" onClick={() => setSearchParams(new URLSearchParams())}>
              Clear filters
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    const data = history.data;
    body = (
      <>
        <p className="mb-3 text-sm text-slate-600" aria-live="polite">
          {data.totalCount} {data.totalCount === 1 ? 'event' : 'events'}
        </p>
        <HistoryList
          events={data.events}
          fallbackHref={(event) => {
            const agent = slugs.get(event.agentId);
            return agent?.status === 'published'
              ? paths.agent.href(agent.slug)
              : paths.agentStatus.href(event.agentId);
          }}
        />
        <Pagination
          currentPage={data.currentPage}
          totalPages={data.totalPages}
          hrefFor={(target) => paths.history.href({ page: target, agentId, kind })}
          label="History pages"
        />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">History</h1>
      <p className="mt-2 text-slate-600">Everything that happened to your agents, newest first.</p>
      {list.length > 0 && (
        <div className="mt-6">
          <HistoryFilters
            agents={list}
            agentId={agentId}
            kind={kind}
            onChange={(next) =>
              setSearchParams(
                new URLSearchParams(
                  Object.entries({ agentId: next.agentId, kind: next.kind }).flatMap(([key, value]) =>
                    value === undefined ? [] : [[key, String(value)]],
                  ),
                ),
              )
            }
          />
        </div>
      )}
      <div className="mt-6">{body}</div>
    </div>
  );
}
