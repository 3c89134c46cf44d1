import { Link } from 'react-router';
import type { AgentTrust } from '../../../../shared/api/agents.js';
import { trustSummaryParts, type TrustSummaryPart } from '../../../../shared/rules/trust-summary.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../paths.js';

const healthDots: Record<AgentTrust['health'], string> = {
  up: 'bg-emerald-500',
  down: 'bg-red-500',
  unknown: 'bg-slate-300',
  none: 'bg-slate-300',
};

/** What a screen reader hears before each part, since "Up" alone says little. */
const partContext: Record<TrustSummaryPart['key'], string> = {
  health: 'Health: ',
  protocols: 'Works with clients speaking ',
  ownership: '',
};

/**
 * The one-line trust summary of an agent's header and card: up or down, the MCP eras its server
 * speaks, how ownership was shown, each a link to its evidence on the agent's page. On a card the
 * links sit above the card's own link (`relative z-10`).
 */
export function TrustSummary({
  slug,
  trust,
  compact = false,
  className,
}: {
  slug: string;
  trust: AgentTrust;
  /** On a card: the short words, in a box of two lines whatever they say, so cards keep one height. */
  compact?: boolean;
  className?: string;
}) {
  const parts = trustSummaryParts(trust);
  // Nothing listed to check and no ownership shown: no line, but a card keeps its two lines of height.
  if (parts.length === 0)
    return compact ? <div aria-hidden="true" className={cn('min-h-8', className)} /> : null;
  return (
    <p
      className={cn(
        'flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-slate-600',
        // Two lines of 1rem, filled or not.
        compact ? 'min-h-8 content-start' : 'gap-y-1',
        className,
      )}
    >
      <span className="sr-only">Trust summary: </span>
      {parts.map((part, position) => (
        <span key={part.key} className="inline-flex min-w-0 items-center gap-1.5">
          <Link
            to={paths.agent.href(slug, { section: part.section })}
            className="relative z-10 inline-flex min-w-0 items-center gap-1 rounded font-medium text-slate-700 underline-offset-2 hover:text-brand-700 hover:underline"
          >
            {part.key === 'health' && (
              <span
                aria-hidden="true"
                className={cn('h-2 w-2 shrink-0 rounded-full', healthDots[trust.health])}
              />
            )}
            <span className="sr-only">{partContext[part.key]}</span>
            {compact && part.short !== part.text ? (
              <>
                <span aria-hidden="true">{part.short}</span>
                <span className="sr-only">{part.text}</span>
              </>
            ) : (
              <span className="break-words">{part.text}</span>
            )}
          </Link>
          {/* After the part, so a wrapped line never starts with a separator. */}
          {position < parts.length - 1 && (
            <span aria-hidden="true" className="text-slate-400">
              ·
            </span>
          )}
        </span>
      ))}
    </p>
  );
}
