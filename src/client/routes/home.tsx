import { ArrowRight, BadgeCheck, Search, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AgentSort, AgentSummary } from '../../shared/api/agents.js';
import { formatCount } from '../../shared/rules/count.js';
import { AgentGridSkeleton } from '../components/layout/page-skeleton.js';
import { Button } from '../components/ui/button.js';
import { ListStates } from '../components/ui/list-states.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { useHome } from '../features/agents/api/get-home.js';
import { AgentGrid } from '../features/agents/components/agent-grid.js';
import { renderFavoriteButton } from '../features/favorites/components/favorite-button.js';
import { useCategories } from '../lib/get-categories.js';
import { CategoryGrid } from '../features/categories/components/category-grid.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';
import { useStagedReveal } from '../lib/use-staged-reveal.js';
import { deferredGridStyle } from '../lib/deferred-render.js';

/** The categories the home page shows, most agents first. */
const HOME_CATEGORIES = 6;
/** A row of agent cards with the grid's gap: cards are 234 px high at every width (the trust summary keeps two lines). */
const AGENT_CARD_ROW_REM = 15.5;
/** A row of category cards with the gap (175-190 px). */
const CATEGORY_CARD_ROW_REM = 11.5;

function HeroSearch() {
  const inputId = useId();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(paths.agents.href({ q: query }));
  };
  return (
    <form
      role="search"
      onSubmit={onSubmit}
      className="mx-auto mt-8 flex w-full max-w-2xl flex-col gap-2 sm:flex-row"
    >
      <label htmlFor={inputId} className="sr-only">
        Search agents
      </label>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search agents, e.g. code review, research, support"
          className="h-14 w-full rounded-2xl border border-slate-300 bg-white pr-4 pl-12 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40"
        />
      </div>
      <Button type="submit" size="lg" className="h-14 rounded-2xl px-7">
        Search
      </Button>
    </form>
  );
}

interface SectionProps {
  title: string;
  description: string;
  agents: AgentSummary[];
  seeAll: string;
}

function AgentSection({ title, description, agents, seeAll }: SectionProps) {
  if (agents.length === 0) return null;
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="defer-render defer-render-grid mt-14"
      style={deferredGridStyle(agents.length, AGENT_CARD_ROW_REM)}
    >
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        <Link
          to={seeAll}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          See all<span className="sr-only"> {title.toLowerCase()} agents</span>
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      <AgentGrid agents={agents} renderFavorite={renderFavoriteButton} />
    </section>
  );
}

export function HomePage() {
  const [searchParams] = useSearchParams();
  const verified = searchParams.get('verified') === 'true';
  useDocumentTitle(verified ? 'Verified AI agents' : '');
  const home = useHome(verified);
  const categories = useCategories();
  // The hero and the featured agents come first; the other sections are built right after.
  const restShown = useStagedReveal(1) === 1;
  const listHref = (sort?: AgentSort) => paths.agents.href({ sort, verified: verified || undefined });

  return (
    <div>
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 -top-24 -z-10 h-[28rem] bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_65%)]"
        />
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-4 text-center sm:px-6 sm:pt-16">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-700">
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            The AI agent reputation platform
          </p>
          <h1
            id="hero-title"
            className="mx-auto mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            Find AI agents you can <span className="text-brand-600">actually trust</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            Browse a curated directory of AI agents with honest reviews, reputation scores and verified
            makers.
          </p>
          <HeroSearch />
          <div className="mt-6 flex flex-wrap items-center justify-center gap-3 text-sm">
            {verified ? (
              <>
                <span
                  className="inline-flex items-center gap-1.5 rounded-full bg-sky-50 px-3 py-1.5 font-semibold text-sky-800 ring-1 ring-sky-200"
                  role="status"
                >
                  <BadgeCheck className="h-4 w-4" aria-hidden="true" />
                  Verified only
                </span>
                <Link
                  to={paths.home.href()}
                  className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                  Show all agents
                </Link>
              </>
            ) : (
              <Link
                to={paths.home.href({ verified: true })}
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 hover:border-sky-300 hover:text-sky-800"
              >
                <BadgeCheck className="h-4 w-4 text-sky-600" aria-hidden="true" />
                Show verified agents only
              </Link>
            )}
          </div>
          <dl className="mx-auto mt-10 grid max-w-lg grid-cols-3 gap-4">
            {(['agents', 'reviews', 'categories'] as const).map((key) => (
              <div key={key} className="rounded-2xl border border-slate-200 bg-white/70 px-3 py-3">
                <dt className="text-xs font-medium text-slate-600 capitalize">{key}</dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">
                  {home.data ? formatCount(home.data.stats[key]) : <Skeleton className="mx-auto h-6 w-10" />}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <ListStates
          query={home}
          className="mt-14"
          loading={
            <div className="mt-14 space-y-14" role="status" aria-label="Loading agents">
              {[0, 1].map((row) => (
                <div key={row}>
                  <Skeleton className="mb-5 h-7 w-48" />
                  <AgentGridSkeleton count={3} />
                </div>
              ))}
            </div>
          }
          failure={{ title: "We couldn't load the agents" }}
          isEmpty={(data) =>
            data.featured.length + data.topRated.length + data.trending.length + data.newest.length === 0
          }
          empty={{
            icon: <BadgeCheck className="h-6 w-6" />,
            title: verified ? 'No verified agents yet' : 'No agents yet',
            description: verified
              ? 'Agents appear here once an administrator has confirmed that their makers control them.'
              : 'Be the first to list an AI agent in the directory.',
            action: verified ? (
              <Link to={paths.home.href()} className="font-semibold text-brand-700 hover:underline">
                Show all agents
              </Link>
            ) : undefined,
          }}
        >
          {(data) => (
            <>
              <AgentSection
                title="Featured"
                description="Hand-picked agents with a strong reputation."
                agents={data.featured}
                seeAll={listHref()}
              />
              {restShown ? (
                <>
                  <AgentSection
                    title="Top rated"
                    description="The highest reputation scores from real reviews."
                    agents={data.topRated}
                    seeAll={listHref('rating')}
                  />
                  <AgentSection
                    title="Trending"
                    description="Most viewed and favorited this week."
                    agents={data.trending}
                    seeAll={listHref('trending')}
                  />
                  <AgentSection
                    title="Newest"
                    description="Fresh additions to the directory."
                    agents={data.newest}
                    seeAll={listHref('newest')}
                  />
                </>
              ) : (
                // Holds the categories below the fold for the moment the other sections take to build.
                <div aria-hidden="true" className="min-h-screen" />
              )}
            </>
          )}
        </ListStates>

        <section
          aria-labelledby="categories-title"
          className="defer-render defer-render-grid mt-16"
          style={deferredGridStyle(HOME_CATEGORIES, CATEGORY_CARD_ROW_REM)}
        >
          <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2
                id="categories-title"
                className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
              >
                Browse by category
              </h2>
              <p className="mt-1 text-sm text-slate-600">Find the right kind of agent for the job.</p>
            </div>
            <Link
              to={paths.categories.href()}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              All categories
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
          {categories.isPending ? (
            <AgentGridSkeleton count={3} />
          ) : categories.isError ? (
            <p className="text-sm text-slate-600">Categories are unavailable right now.</p>
          ) : (
            <CategoryGrid
              categories={[...categories.data.categories]
                .sort((a, b) => b.agentCount - a.agentCount)
                .slice(0, HOME_CATEGORIES)}
            />
          )}
        </section>
      </div>
    </div>
  );
}
