import { ListChecks } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Card } from '../components/ui/card.js';
import { ListStates } from '../components/ui/list-states.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { useCreatePolicy, usePolicies } from '../features/policies/api/policies.js';
import { PolicyForm } from '../features/policies/components/policy-form.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';
import { Link } from 'react-router';

/** /policies: the person's policy views (their own MCP registries, computed from evidence), and a new one. */
export function PoliciesPage() {
  useDocumentTitle('Policy views');
  const policies = usePolicies();
  const create = useCreatePolicy();
  const navigate = useNavigate();

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Policy views</h1>
      <p className="mt-2 text-slate-600">
        An MCP registry of your own, computed from what AgentAtlas finds: say what evidence a server needs,
        and point VS Code, Copilot or a gateway at the view's registry URL. Servers join and leave as the
        evidence moves; every change is in the view's signed changelog.
      </p>

      <ListStates
        query={policies}
        className="mt-6"
        loading={<Skeleton className="mt-6 h-24 w-full" />}
        failure={{ icon: <ListChecks className="h-6 w-6" />, title: 'Failed to fetch your policy views' }}
        isEmpty={(data) => data.policies.length === 0}
        empty={{
          icon: <ListChecks className="h-6 w-6" />,
          title: 'No policy view yet',
          description: 'Create one below: it is evaluated at once, and you see which servers it admits.',
        }}
      >
        {(data) => (
          <ul className="mt-6 space-y-3" aria-label="Your policy views">
            {data.policies.map((policy) => (
              <li key={policy.slug}>
                <Card className="p-4">
                  <Link
                    to={paths.policy.href(policy.slug)}
                    className="text-lg font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {policy.name}
                  </Link>
                  <p className="mt-1 text-sm text-slate-600">
                    {policy.admitted} admitted · {policy.queued} waiting for approval ·{' '}
                    {policy.approval === 'manual' ? 'manual approval' : 'automatic'}
                  </p>
                  <p className="mt-1 font-mono text-xs break-all text-slate-700">{policy.registryUrl}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListStates>

      <Card className="mt-8 p-6">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">New policy view</h2>
        <PolicyForm
          withSlug
          submitLabel="Create view"
          pending={create.isPending}
          initial={{
            slug: '',
            name: '',
            approval: 'automatic',
            rules: { requireHealthy: true, noAdvisories: true },
          }}
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            await navigate(paths.policy.href(created.slug));
          }}
        />
      </Card>
    </div>
  );
}
