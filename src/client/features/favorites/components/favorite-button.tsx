import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import type { AgentSummary } from '../../../../shared/api/agents.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { Button } from '../../../components/ui/button.js';
import { useAuthSession } from '../../../lib/auth-session.js';
import { cn } from '../../../lib/cn.js';
import { useAuthDialog } from '../../../lib/auth-dialog.js';
import { favoriteCheckQueryOptions, useFavoriteCheck } from '../api/check-favorite.js';
import { useFavorites } from '../api/get-favorites.js';
import { useSetFavorite } from '../api/set-favorite.js';

interface FavoriteButtonProps {
  agent: AgentSummary;
  /** `card`: a small heart with the count on an agent card; `page`: the button on the agent page. */
  variant?: 'card' | 'page';
}

/**
 * Whether the signed-in person favorited the agent: the agent page asks the check call (spec section 7),
 * cards read the one favorites list, so a grid costs one request instead of one per card.
 */
function useIsFavorited(agentId: number, source: 'check' | 'list', signedIn: boolean): boolean {
  const check = useFavoriteCheck(agentId, signedIn && source === 'check');
  const list = useFavorites(signedIn && source === 'list');
  if (!signedIn) return false;
  if (source === 'check') return check.data?.isFavorited ?? false;
  return list.data?.favorites.some((favorite) => favorite.agentId === agentId) ?? false;
}

export function FavoriteButton({ agent, variant = 'card' }: FavoriteButtonProps) {
  const { user } = useAuthSession();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  const favorited = useIsFavorited(agent.id, variant === 'page' ? 'check' : 'list', user !== null);
  const { setFavorite, pending } = useSetFavorite(agent);

  const onClick = () => {
    if (pending) return;
    if (user) return setFavorite(!favorited);
    authDialog.open({
      tab: 'login',
      reason: `Log in to save ${agent.name} to your favorites.`,
      // After signing in, the agent is added unless it already was a favorite of that account.
      onSuccess: () => {
        void queryClient.fetchQuery(favoriteCheckQueryOptions(agent.id)).then(
          (check) => {
            if (!check.isFavorited) setFavorite(true);
          },
          () => setFavorite(true),
        );
      },
    });
  };

  const label = favorited ? `Remove ${agent.name} from favorites` : `Add ${agent.name} to favorites`;
  const count = formatCount(agent.favoritesCount);
  const heart = (
    <Heart
      className={cn('h-4 w-4 text-rose-600 transition-transform', favorited && 'scale-110')}
      fill={favorited ? 'currentColor' : 'none'}
      aria-hidden="true"
    />
  );

  if (variant === 'page') {
    const visibleText = favorited ? 'Favorited' : 'Favorite';
    return (
      <Button
        variant="outline"
        onClick={onClick}
        aria-pressed={favorited}
        // Begins with the words on the button, so a person who says what they see reaches it (WCAG 2.5.3).
        aria-label={`${visibleText} ${count}: ${label}`}
        aria-busy={pending || undefined}
        className={cn(favorited && 'border-rose-200 bg-rose-50 hover:bg-rose-100')}
      >
        {heart}
        {visibleText} <span className="text-slate-600">{count}</span>
      </Button>
    );
  }

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={favorited}
      aria-label={`${label} (${count} favorites)`}
      aria-busy={pending || undefined}
      title={favorited ? 'Remove from favorites' : 'Add to favorites'}
      className={cn(
        'relative z-10 -mx-1.5 inline-flex h-8 cursor-pointer items-center gap-1 rounded-lg px-1.5 text-sm text-slate-600',
        'hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-brand-600',
      )}
    >
      {heart}
      {count}
    </button>
  );
}

/** For grids: `renderFavorite={renderFavoriteButton}`. */
export function renderFavoriteButton(agent: AgentSummary) {
  return <FavoriteButton agent={agent} />;
}
