import { useEffect, useRef, type MouseEvent } from 'react';
import { recordSearchClick } from '../api/record-search-click.js';
import { recordSearchImpressions } from '../api/record-search-impressions.js';

/**
 * Tells the server which agents a search's first page showed (once per term and result set) and which
 * of them was opened, for the owners' "search terms". Answers the click handler for the results' container.
 */
export function useSearchMetrics(
  q: string | undefined,
  page: number,
  agents: ReadonlyArray<{ id: number; slug: string }> | undefined,
) {
  const term = page === 1 ? q?.trim() || null : null;
  const sent = useRef<string | null>(null);
  const ids = agents?.map((agent) => agent.id) ?? [];
  const key = term && ids.length > 0 ? `${term}\n${ids.join(',')}` : null;

  useEffect(() => {
    if (!key || !term || sent.current === key) return;
    sent.current = key;
    void recordSearchImpressions(term, key.split('\n')[1]!.split(',').map(Number));
  }, [key, term]);

  return (event: MouseEvent<HTMLElement>) => {
    if (!term || !agents) return;
    const link = (event.target as Element).closest('a');
    const match = link?.getAttribute('href')?.match(/^\/agents\/([^/?#]+)$/);
    if (!match) return;
    const slug = decodeURIComponent(match[1]!);
    const agent = agents.find((entry) => entry.slug === slug);
    if (agent) void recordSearchClick(term, agent.id);
  };
}
