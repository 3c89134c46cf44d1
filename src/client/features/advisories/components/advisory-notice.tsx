import { ShieldAlert } from 'lucide-react';
import { advisoryPath, advisorySeverityLabels, type OsvAdvisory } from '../../../../shared/api/advisories.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { useAgentAdvisories } from '../api/agent-advisories.js';

const severityStyles: Record<OsvAdvisory['database_specific']['severity'], string> = {
  low: 'border-amber-200 bg-amber-50',
  medium: 'border-amber-300 bg-amber-50',
  high: 'border-red-300 bg-red-50',
  critical: 'border-red-400 bg-red-50',
};

/**
 * The advisories AgentAtlas published about the agent, at the top of its page: the ones in force
 * first and plainly, withdrawn ones marked. Nothing at all while there is none.
 */
export function AdvisoryNotice({ slug }: { slug: string }) {
  const { data } = useAgentAdvisories(slug);
  const advisories = data?.advisories ?? [];
  if (advisories.length === 0) return null;
  const inForce = advisories.filter((advisory) => !advisory.withdrawn);
  const withdrawn = advisories.filter((advisory) => advisory.withdrawn);
  return (
    <section id="advisories" aria-labelledby="advisories-title" className="scroll-mt-20 space-y-3">
      <h2 id="advisories-title" className="sr-only">
        Advisories
      </h2>
      {inForce.map((advisory) => {
        const hashes =
          advisory.affected.find((entry) => entry.package.name === slug)?.database_specific?.toolSetHashes ??
          [];
        return (
          <div
            key={advisory.id}
            role="note"
            className={`rounded-xl border p-4 ${severityStyles[advisory.database_specific.severity]}`}
          >
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
              <ShieldAlert className="h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
              Advisory {advisory.id} · {advisorySeverityLabels[advisory.database_specific.severity]}
            </p>
            <p className="mt-1 text-sm font-medium text-slate-900">{advisory.summary}</p>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{advisory.details}</p>
            {hashes.length > 0 && (
              <p className="mt-1 text-xs break-all text-slate-600">
                For the tool sets {hashes.map((hash) => hash.slice(0, 12)).join(', ')}
              </p>
            )}
            <p className="mt-2 text-xs text-slate-600">
              Published {formatDate(advisory.published)} ·{' '}
              <a className="underline" href={advisoryPath(advisory.id)}>
                OSV record
              </a>
            </p>
          </div>
        );
      })}
      {withdrawn.length > 0 && (
        <p className="text-xs text-slate-600">
          Withdrawn:{' '}
          {withdrawn.map((advisory, index) => (
            <span key={advisory.id}>
              {index > 0 && ', '}
              <a className="underline" href={advisoryPath(advisory.id)}>
                {advisory.id}
              </a>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}

/**
 * One line in the agent's header while an advisory is in force, so a phone shows it before the fold;
 * it leads to the advisories above the description.
 */
export function AdvisoryFlag({ slug }: { slug: string }) {
  const { data } = useAgentAdvisories(slug);
  const inForce = (data?.advisories ?? []).filter((advisory) => !advisory.withdrawn);
  const first = inForce[0];
  if (!first) return null;
  return (
    <p className="mt-2 text-sm">
      <a href="#advisories" className="inline-flex items-center gap-1 font-semibold text-red-700 underline">
        <ShieldAlert className="h-4 w-4" aria-hidden="true" />
        {inForce.length === 1
          ? `Open advisory: ${advisorySeverityLabels[first.database_specific.severity]}`
          : `${inForce.length} open advisories`}
      </a>
    </p>
  );
}
