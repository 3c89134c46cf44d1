import { formatDistanceToNow } from 'date-fns';
import { ListChecks } from 'lucide-react';
import type { EndpointHealth } from '../../../../shared/api/probes.js';
import { formatDateTime } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { isApiError } from '../../../lib/request.js';
import { useRunConformance } from '../api/conformance.js';

/**
 * The health section's "Conformance" block: for each MCP server, the last run of the official MCP
 * conformance suite (its version, when it ran, checks passed and failed, the failing check ids), and
 * for the owner and admins a button that runs it now. Runs also happen weekly.
 */
export function ConformanceBlock({
  agentId,
  endpoints,
  canRun,
}: {
  agentId: number;
  endpoints: EndpointHealth[] | undefined;
  canRun: boolean;
}) {
  const run = useRunConformance(agentId);
  const servers = (endpoints ?? []).filter((endpoint) => endpoint.kind === 'mcp');
  if (servers.length === 0) return null;

  return (
    <section aria-labelledby="conformance-title" className="mt-4 border-t border-slate-100 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="conformance-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <ListChecks className="h-4 w-4 text-brand-600" aria-hidden="true" />
          Conformance
        </h3>
        {canRun && (
          <Button variant="outline" size="sm" onClick={() => run.mutate()} disabled={run.isPending}>
            {run.isPending ? 'Running the suite…' : 'Run conformance suite'}
          </Button>
        )}
      </div>
      {run.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {isApiError(run.error) ? run.error.message : 'The suite could not be run. Try again.'}
        </p>
      )}
      {servers.map(({ url, conformance }) => {
        const failing = conformance?.checks.filter((check) => check.status === 'FAILURE') ?? [];
        return (
          <div key={url} className="mt-2 text-sm text-slate-700" aria-busy={run.isPending}>
            {conformance === null ? (
              <p className="text-slate-600">Not run yet: the official MCP conformance suite runs weekly.</p>
            ) : (
              <>
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone={conformance.failed === 0 ? 'success' : 'warning'}>
                    {conformance.passed} passed, {conformance.failed} failed
                  </Badge>
                  <span className="font-mono text-xs break-all">{conformance.suite}</span>
                  <span className="text-xs text-slate-500">
                    spec {conformance.specVersion},{' '}
                    <time dateTime={conformance.ranAt} title={formatDateTime(conformance.ranAt)}>
                      {formatDistanceToNow(new Date(conformance.ranAt), { addSuffix: true })}
                    </time>
                  </span>
                </p>
                {failing.length > 0 && (
                  <p className="mt-1">
                    Failing checks:{' '}
                    {failing.map((check, index) => (
                      <span key={check.id}>
                        {index > 0 && ', '}
                        <code className="font-mono text-xs">{check.id}</code>
                      </span>
                    ))}
                  </p>
                )}
              </>
            )}
          </div>
        );
      })}
    </section>
  );
}
