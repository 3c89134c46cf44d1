import { Heart, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AgentGridSkeleton } from '../components/layout/page-skeleton.js';
import { Button, ButtonLink } from '../components/ui/button.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { ListStates } from '../components/ui/list-states.js';
import { SearchInput } from '../components/ui/search-input.js';
import { useFavorites } from '../features/favorites/api/get-favorites.js';
import { FavoriteCard } from '../features/favorites/components/favorite-card.js';
import { useAuthSession } from '../lib/auth-session.js';
import { cn } from '../lib/cn.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

/** /favorites: the person's saved agents, searchable by name or tagline and filterable by their own tags. */
export function FavoritesPage() {
  useDocumentTitle('Favorites');
  const { user } = useAuthSession();
  const favorites = useFavorites(user !== null);
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState<string | null>(null);

  const all = useMemo(() => favorites.data?.favorites ?? [], [favorites.data]);
  const tags = useMemo(() => [...new Set(all.flatMap((favorite) => favorite.tags))].sort(), [all]);
  const activeTag = tag && tags.includes(tag) ? tag : null;
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    return all.filter((favorite) => {
      if (activeTag && !favorite.tags.includes(activeTag)) return false;
      if (!words) return true;
      const haystack = `${favorite.agent.name} ${favorite.agent.tagline}`.toLowerCase();
      return haystack.includes(words);
    });
  }, [all, query, activeTag]);

  const chip = (active: boolean) =>
    cn(
      'inline-flex h-8 cursor-pointer items-center rounded-full px-3 text-sm font-medium ring-1 ring-inset',
      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
      active
        ? 'bg-brand-600 text-white ring-brand-600'
        : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Favorites</h1>
      <p className="mt-2 text-slate-600">The agents you saved, with your own tags and notes.</p>

      <ListStates
        query={favorites}
        className="mt-8"
        loading={
          <div className="mt-8" role="status" aria-label="Loading favorites">
            <AgentGridSkeleton count={3} />
          </div>
        }
        failure={{ icon: <Heart className="h-6 w-6" />, title: 'Failed to fetch favorites' }}
        isEmpty={(data) => data.favorites.length === 0}
        empty={{
          icon: <Heart className="h-6 w-6" />,
          title: 'No favorites yet',
          description:
            'Save agents with the heart on their card or page, then find them here with your tags and notes.',
          action: <ButtonLink to={paths.agents.href()}>Browse agents</ButtonLink>,
        }}
      >
        {() => (
          <>
            <div className="mt-6 flex flex-col gap-4">
              <SearchInput
                label="Search favorites"
                value={query}
                onValueChange={setQuery}
                placeholder="Search by name or tagline"
                className="max-w-md"
              />
              {tags.length > 0 && (
                <div role="group" aria-label="Filter by tag" className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={chip(activeTag === null)}
                    aria-pressed={activeTag === null}
                    onClick={() => setTag(null)}
                  >
                    All tags
                  </button>
                  {tags.map((item) => (
                    <button
                      key={item}
                      type="button"
                      className={chip(activeTag === item)}
                      aria-pressed={activeTag === item}
                      onClick={() => setTag(activeTag === item ? null : item)}
                    >
                      {item}
                    </button>
                  ))}
                </div>
              )}
              <p className="text-sm text-slate-600" aria-live="polite">
                {shown.length === all.length
                  ? `${all.length} ${all.length === 1 ? 'favorite' : 'favorites'}`
                  : `${shown.length} of ${all.length} favorites`}
              </p>
            </div>
            {shown.length === 0 ? (
              <EmptyState
                className="mt-6"
                icon={<SearchX className="h-6 w-6" />}
                title="No favorites match"
                description="Try other words or another tag."
                action={
                  <Button
                    variant="outline"
                    onClick={() => {
                      setQuery('');
                      setTag(null);
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((favorite) => (
                  <li key={favorite.agentId}>
                    <FavoriteCard favorite={favorite} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ListStates>
    </div>
  );
}
