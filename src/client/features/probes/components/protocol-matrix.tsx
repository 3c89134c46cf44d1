import type { EndpointAuth, ProtocolCheck } from '../../../../shared/api/probes.js';
import { formatDate, formatDateTime } from '../../../../shared/rules/date.js';

/**
 * The compatibility matrix of an MCP server: each protocol revision the last probe tried, whether
 * the server spoke it, what it answered when not, and when it was checked.
 */
export function CompatibilityMatrix({ protocols }: { protocols: ProtocolCheck[] }) {
  if (protocols.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="text-xs font-medium text-slate-500">Works with clients speaking</h4>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {protocols.map((check) => (
          <li key={check.version} className="break-words">
            <span className="font-mono text-slate-900">{check.version}</span>:{' '}
            {check.supported ? (
              <span className="font-medium text-emerald-800">yes</span>
            ) : (
              <>
                <span className="font-medium text-red-800">no</span>
                {check.detail && <> (answered: {check.detail})</>}
              </>
            )}
            <span className="text-slate-500">
              {' '}
              · checked{' '}
              <time dateTime={check.checkedAt} title={formatDateTime(check.checkedAt)}>
                {formatDate(check.checkedAt)}
              </time>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Where a server asking for credentials says to get them: its authorization servers and metadata,
 * and the scopes the server asks for (its protected-resource metadata) and its authorization servers
 * offer (their metadata), where they name any.
 */
export function AuthDetails({ auth }: { auth: EndpointAuth }) {
  return (
    <div className="mt-3">
      <h4 className="text-xs font-medium text-slate-500">Sign-in</h4>
      <dl className="mt-1 space-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline">
            {auth.authorizationServers.length === 1 ? 'Authorization server: ' : 'Authorization servers: '}
          </dt>
          <dd className="inline font-mono text-xs break-all text-slate-900">
            {auth.authorizationServers.join(', ')}
          </dd>
        </div>
        <div>
          <dt className="inline">Resource metadata: </dt>
          <dd className="inline font-mono text-xs break-all text-slate-900">{auth.resourceMetadata}</dd>
        </div>
        {auth.scopes.resource && (
          <div>
            <dt className="inline">Scopes the server asks for: </dt>
            <ScopeList scopes={auth.scopes.resource} />
          </div>
        )}
        {auth.scopes.authorizationServer && (
          <div>
            <dt className="inline">Scopes the authorization server offers: </dt>
            <ScopeList scopes={auth.scopes.authorizationServer} />
          </div>
        )}
        {!auth.scopes.resource && !auth.scopes.authorizationServer && (
          <div>
            <dt className="inline">Scopes: </dt>
            <dd className="inline">none advertised</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** Scopes as the metadata spells them (RFC 9728 / RFC 8414 `scopes_supported`). */
function ScopeList({ scopes }: { scopes: string[] }) {
  return <dd className="inline font-mono text-xs break-all text-slate-900">{scopes.join(', ')}</dd>;
}
