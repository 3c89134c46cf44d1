import { SearchX, SlidersHorizontal } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseAgentListFilters } from '../../shared/agent-list-filters.js';
import { AGENTS_PAGE_SIZE_DEFAULT } from '../../shared/limits.js';
import { formatCount } from '../../shared/rules/count.js';
import { AgentGridSkeleton } from '../components/layout/page-skeleton.js';
import { Button } from '../components/ui/button.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Pagination } from '../components/ui/pagination.js';
import { SearchInput } from '../components/ui/search-input.js';
import { useAgents } from '../features/agents/api/get-agents.js';
import { AgentFilters } from '../features/agents/components/agent-filters.js';
import { AgentGrid } from '../features/agents/components/agent-grid.js';
import { useSearchMetrics } from '../features/metrics/hooks/use-search-metrics.js';
import { renderFavoriteButton } from '../features/favorites/components/favorite-button.js';
import { useFilters } from '../features/categories/api/get-filters.js';
import { cn } from '../lib/cn.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths, type AgentListFilters } from '../paths.js';

const SEARCH_DEBOUNCE_MS = 250;

export function AgentsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(
    () => parseAgentListFilters(new URLSearchParams(location.search)),
    [location.search],
  );
  const urlQuery = filters.q ?? '';
  const page = filters.page ?? 1;
  useDocumentTitle(urlQuery ? `“${urlQuery}” agents` : 'Browse AI agents');

  const agents = useAgents({ ...filters, limit: AGENTS_PAGE_SIZE_DEFAULT });
  const recordResultClick = useSearchMetrics(
    filters.q,
    page,
    agents.isPlaceholderData ? undefined : agents.data?.agents,
  );
  const filterOptions = useFilters();
  const categoryOptions = (filterOptions.data?.categories ?? []).map((category) => ({
    value: category.slug,
    label: category.name,
  }));

  /** Every filter lives in the URL; changing one goes back to page 1. */
  const update = (change: Partial<AgentListFilters>, options: { replace?: boolean } = {}) => {
    void navigate(paths.agents.href({ ...filters, page: undefined, ...change }), {
      replace: options.replace ?? false,
      preventScrollReset: true,
    });
  };

  // The search box is debounced; its text follows the URL when the user goes back or forward.
  const [draft, setDraft] = useState(urlQuery);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (urlQuery !== draftRef.current.trim()) setDraft(urlQuery);
  }, [urlQuery]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const updateRef = useRef(update);
  updateRef.current = update;
  const onSearchChange = (value: string) => {
    setDraft(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const next = value.trim();
      if (next === urlQuery) return;
      // Refining a search replaces the history entry; starting one adds an entry.
      updateRef.current({ q: next || undefined }, { replace: urlQuery !== '' && next !== '' });
    }, SEARCH_DEBOUNCE_MS);
  };

  const hasFilters = Boolean(
    filters.q ||
    filters.category ||
    filters.pricing ||
    filters.verified ||
    filters.health ||
    filters.protocol ||
    filters.maxRiskSeverity ||
    filters.sort,
  );
  const clearFilters = () => {
    window.clearTimeout(timer.current);
    setDraft('');
    void navigate(paths.agents.href());
  };

  const data = agents.data;
  const [showFilters, setShowFilters] = useState(false);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {urlQuery ? (
            <>
              Results for <span className="text-brand-700">“{urlQuery}”</span>
            </>
          ) : (
            'Browse AI agents'
          )}
        </h1>
        <p className="text-slate-600">Compare agents by reputation, reviews and pricing.</p>
      </div>

      <form role="search" className="mt-6 flex gap-2" onSubmit={(event) => event.preventDefault()}>
        <SearchInput
          label="Search agents"
          value={draft}
          onValueChange={onSearchChange}
          placeholder="Search by name, capability or tag"
          className="flex-1"
          inputClassName="h-12 rounded-xl text-base"
        />
        <Button
          variant="outline"
          className="h-12 lg:hidden"
          aria-expanded={showFilters}
          aria-controls="agent-filters"
          onClick={() => setShowFilters((open) => !open)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
        </Button>
      </form>

      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside
          id="agent-filters"
          aria-label="Filters"
          className={cn('lg:block', showFilters ? 'block' : 'hidden')}
        >
          <div className="rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-24">
            <h2 className="mb-4 text-sm font-semibold text-slate-900">Filters</h2>
            {filterOptions.isError && (
              <p className="mb-3 text-sm text-red-700" role="alert">
                Failed to fetch filter options
              </p>
            )}
            <AgentFilters
              filters={filters}
              categories={categoryOptions}
              onChange={(change) => update(change)}
            />
            {hasFilters && (
              <Button variant="ghost" size="sm" className="mt-4 w-full" onClick={clearFilters}>
                Clear filters
              </Button>
            )}
          </div>
        </aside>

        <section aria-labelledby="results-title" aria-busy={agents.isFetching}>
          <div className="mb-4 flex min-h-6 items-center justify-between gap-3">
            <h2 id="results-title" className="text-sm text-slate-600" aria-live="polite">
              {data
                ? `${formatCount(data.totalCount)} ${data.totalCount === 1 ? 'agent' : 'agents'}${
                    data.totalPages > 1 ? ` · page ${data.currentPage} of ${data.totalPages}` : ''
                  }`
                : agents.isPending
                  ? 'Loading agents...'
                  : 'Agents'}
            </h2>
          </div>

          {agents.isPending ? (
            <AgentGridSkeleton count={6} />
          ) : agents.isError && !data ? (
            <EmptyState
              tone="error"
              title="We couldn't load the agents"
              description={agents.error.message}
              action={<Button onClick={() => void agents.refetch()}>Try again</Button>}
            />
          ) : data && data.agents.length === 0 ? (
            <EmptyState
              icon={<SearchX className="h-6 w-6" />}
              title="No agents match these filters"
              description={
                hasFilters
                  ? 'Try a different search or remove a filter to see more agents.'
                  : 'No agents have been listed yet.'
              }
              action={hasFilters ? <Button onClick={clearFilters}>Clear filters</Button> : undefined}
            />
          ) : (
            data && (
              // Opening a result from a search is counted for its owner (links are clicked by keyboard too).
              <div
                className={cn('transition-opacity', agents.isPlaceholderData && 'opacity-60')}
                onClickCapture={recordResultClick}
              >
                <AgentGrid agents={data.agents} headingLevel={3} renderFavorite={renderFavoriteButton} />
                <Pagination
                  currentPage={data.currentPage || page}
                  totalPages={data.totalPages}
                  hrefFor={(target) => paths.agents.href({ ...filters, page: target })}
                  label="Agent pages"
                />
              </div>
            )
          )}
        </section>
      </div>
    </div>
  );
}
