import { Copy, ListChecks, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { policyChangelogPath, type Policy } from '../../shared/api/policies.js';
import { formatDateTime } from '../../shared/rules/date.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { RetryNotice } from '../components/ui/load-failure.js';
import { Skeleton } from '../components/ui/skeleton.js';
import {
  useApproveServer,
  useDeletePolicy,
  usePolicy,
  usePolicyChangelog,
  usePolicyPreview,
  useUpdatePolicy,
} from '../features/policies/api/policies.js';
import { PolicyForm } from '../features/policies/components/policy-form.js';
import { toast } from '../lib/toast.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

const stateTone = { admitted: 'success', queued: 'warning', excluded: 'neutral' } as const;
const stateLabel = { admitted: 'Admitted', queued: 'Waiting for approval', excluded: 'Excluded' } as const;
const actionLabel = { added: 'Added', dropped: 'Dropped', approved: 'Approved', pinned: 'Pinned' } as const;

function copy(text: string, what: string) {
  void navigator.clipboard?.writeText(text).then(
    () => toast.success(`${what} copied`),
    () => toast.error('Copy failed; select the text and copy it yourself'),
  );
}

/** How to point the clients that enforce "registry only" policies at the view. */
function UseIt({ policy }: { policy: Policy }) {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Registry URL</h2>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="min-w-0 rounded bg-slate-50 px-2 py-1 font-mono text-sm break-all text-slate-800">
          {policy.registryUrl}
        </code>
        <Button size="sm" variant="outline" onClick={() => copy(policy.registryUrl, 'Registry URL')}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        It answers the MCP registry API (<code>/v0.1/servers</code>) with the servers the view admits now. In
        your GitHub organisation's Copilot policies, set <strong>MCP registry URL</strong> to it and{' '}
        <strong>Restrict MCP access to registry servers</strong> to <strong>Registry only</strong>: VS Code,
        Visual Studio, JetBrains IDEs, Xcode and the Copilot CLI read it from there and allow only these
        servers, at these addresses.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        A gateway allows a server when{' '}
        <code className="break-all">
          GET {policy.registryUrl}/v0.1/servers/&#123;name&#125;/versions/latest
        </code>{' '}
        answers 200. Every change is in the{' '}
        <a className="font-medium text-brand-700 underline" href={policyChangelogPath(policy.slug)}>
          signed changelog
        </a>
        .
      </p>
    </Card>
  );
}

function Preview({ slug }: { slug: string }) {
  const preview = usePolicyPreview(slug);
  const approve = useApproveServer(slug);
  if (preview.isPending) return <Skeleton className="h-32 w-full" />;
  if (preview.isError)
    return <RetryNotice message="The preview could not be loaded." onRetry={() => void preview.refetch()} />;
  const { admitted, queued, excluded, servers } = preview.data;
  return (
    <div>
      <p className="text-sm text-slate-600">
        Today: {admitted} admitted, {queued} waiting for approval, {excluded} excluded.
      </p>
      {servers.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No server is listed with an MCP endpoint yet.</p>
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200"
          aria-label="Servers"
        >
          {servers.map((server) => (
            <li key={server.name} className="p-3">
              <div className="flex flex-wrap items-center gap-2">
                <a
                  className="font-medium text-slate-900 underline-offset-2 hover:underline"
                  href={server.agentUrl}
                >
                  {server.title}
                </a>
                <Badge tone={stateTone[server.state]}>{stateLabel[server.state]}</Badge>
                {server.state === 'queued' && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={approve.isPending}
                    onClick={() =>
                      approve.mutate(server.name, {
                        onSuccess: () => {
                          toast.success(`${server.title} approved`);
                          void preview.refetch();
                        },
                        onError: (error) => toast.error('Not approved', { description: error.message }),
                      })
                    }
                  >
                    Approve
                  </Button>
                )}
              </div>
              <p className="mt-0.5 font-mono text-xs break-all text-slate-600">{server.name}</p>
              {server.reasons.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                  {server.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ChangelogList({ slug }: { slug: string }) {
  const changelog = usePolicyChangelog(slug);
  if (changelog.isPending) return <Skeleton className="h-16 w-full" />;
  if (changelog.isError)
    return (
      <RetryNotice message="The changelog could not be loaded." onRetry={() => void changelog.refetch()} />
    );
  if (changelog.data.entries.length === 0)
    return <p className="text-sm text-slate-600">Nothing has joined or left the view yet.</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Changelog">
      {changelog.data.entries.map((entry) => (
        <li key={entry.jws} className="p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={entry.action === 'dropped' ? 'warning' : 'success'}>
              {actionLabel[entry.action]}
            </Badge>
            <span className="font-mono text-xs break-all text-slate-900">{entry.serverName}</span>
            <time className="text-xs text-slate-600" dateTime={entry.at}>
              {formatDateTime(entry.at)}
            </time>
          </div>
          <p className="mt-1 text-slate-700">{entry.reason}</p>
        </li>
      ))}
    </ol>
  );
}

/** A card holding one titled section of the page. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** /policies/{slug}: a view's registry URL, which servers it admits and why not the others, its changelog, its rules. */
export function PolicyPage() {
  const { slug = '' } = useParams();
  const policy = usePolicy(slug);
  const update = useUpdatePolicy(slug);
  const remove = useDeletePolicy(slug);
  const navigate = useNavigate();
  useDocumentTitle(policy.data ? policy.data.name : 'Policy view');

  if (policy.isPending)
    return (
      <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6" role="status" aria-label="Loading the policy view">
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (policy.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <EmptyState
          tone="error"
          icon={<ListChecks className="h-6 w-6" />}
          title="Policy view not found"
          description={policy.error.message}
          action={
            <Link className="font-medium text-brand-700 underline" to={paths.policies.href()}>
              Your policy views
            </Link>
          }
        />
      </div>
    );
  const view = policy.data;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      <div>
        <Link className="text-sm text-brand-700 underline" to={paths.policies.href()}>
          Policy views
        </Link>
        <h1 className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900">{view.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {view.admitted} admitted · {view.queued} waiting for approval ·{' '}
          {view.evaluatedAt ? `evaluated ${formatDateTime(view.evaluatedAt)}` : 'not evaluated yet'}
        </p>
      </div>
      <UseIt policy={view} />
      <Panel id="preview-title" title="Which servers it admits, and why not the others">
        <Preview slug={slug} />
      </Panel>
      <Panel id="changelog-title" title="Changelog">
        <ChangelogList slug={slug} />
      </Panel>
      <Panel id="rules-title" title="Rules">
        <PolicyForm
          withSlug={false}
          submitLabel="Save rules"
          pending={update.isPending}
          initial={{ slug: view.slug, name: view.name, approval: view.approval, rules: view.rules }}
          onSubmit={async (values) => {
            await update.mutateAsync({ name: values.name, approval: values.approval, rules: values.rules });
            toast.success('Rules saved; the view was evaluated again');
          }}
        />
      </Panel>
      <Button
        variant="outline"
        disabled={remove.isPending}
        onClick={() => {
          if (!window.confirm(`Delete ${view.name}? Its registry URL stops answering.`)) return;
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success('Policy view deleted');
              void navigate(paths.policies.href());
            },
            onError: (error) => toast.error('Not deleted', { description: error.message }),
          });
        }}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete this view
      </Button>
    </div>
  );
}
