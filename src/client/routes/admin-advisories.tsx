import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  advisoryPath,
  advisorySeverities,
  advisorySeverityLabels,
  type AdvisorySeverity,
} from '../../shared/api/advisories.js';
import { formatDateTime } from '../../shared/rules/date.js';
import { Badge } from '../components/ui/badge.js';
import { Button, PendingButton } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { SelectField, TextField } from '../components/ui/form-field.js';
import { Label } from '../components/ui/input.js';
import { ListStates } from '../components/ui/list-states.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { Textarea } from '../components/ui/textarea.js';
import { AdminNav } from '../features/admin/components/admin-nav.js';
import {
  useAllAdvisories,
  usePublishAdvisory,
  useWithdrawAdvisory,
} from '../features/advisories/api/agent-advisories.js';
import { serverFieldErrors } from '../lib/form-errors.js';
import { isApiError } from '../lib/request.js';
import { toast } from '../lib/toast.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

const words = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .filter(Boolean);

/** The form, filled in from the link that opened it (a report, a danger finding) when there was one. */
function PublishForm() {
  const [search] = useSearchParams();
  const publish = usePublishAdvisory();
  const [summary, setSummary] = useState(search.get('summary') ?? '');
  const [details, setDetails] = useState(search.get('details') ?? '');
  const [severity, setSeverity] = useState<AdvisorySeverity>('high');
  const [affects, setAffects] = useState(search.get('affects') ?? '');
  const [hashes, setHashes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const toolSetHashes = words(hashes);
    publish.mutate(
      {
        summary,
        details,
        severity,
        affected: words(affects).map((slug) => ({
          slug,
          ...(toolSetHashes.length > 0 ? { toolSetHashes } : {}),
        })),
      },
      {
        onSuccess: (advisory) => {
          toast.success(`${advisory.id} published`, { description: 'Owners were told; webhooks fire.' });
          setSummary('');
          setDetails('');
          setAffects('');
          setHashes('');
        },
        onError: (error) => {
          const fields = isApiError(error) ? serverFieldErrors<string>(error.details) : {};
          setErrors(fields as Record<string, string>);
          if (Object.keys(fields).length === 0) toast.error('Not published', { description: error.message });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Summary"
        value={summary}
        onValueChange={setSummary}
        error={errors.summary}
        maxLength={200}
        required
      />
      <div className="space-y-1.5">
        <Label htmlFor="advisory-details">Details</Label>
        <Textarea
          id="advisory-details"
          rows={5}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        {errors.details && <p className="text-sm text-red-700">{errors.details}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Severity"
          value={severity}
          onChange={(event) => setSeverity(event.target.value as AdvisorySeverity)}
        >
          {advisorySeverities.map((value) => (
            <option key={value} value={value}>
              {advisorySeverityLabels[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Affected agents (slugs)"
          value={affects}
          onValueChange={setAffects}
          error={errors.affected}
          hint="Separated by spaces or commas."
          required
        />
      </div>
      <TextField
        label="Only these tool set hashes (optional)"
        value={hashes}
        onValueChange={setHashes}
        hint="The advisory then counts only while the agent serves one of them."
      />
      <PendingButton type="submit" pending={publish.isPending} pendingLabel="Publishing…">
        Publish advisory
      </PendingButton>
    </form>
  );
}

function AdvisoryList() {
  const advisories = useAllAdvisories();
  const withdraw = useWithdrawAdvisory();
  return (
    <ListStates
      query={advisories}
      loading={<Skeleton className="h-24 w-full" />}
      failure={{ icon: <ShieldAlert className="h-6 w-6" />, title: 'Failed to fetch the advisories' }}
      isEmpty={(data) => data.advisories.length === 0}
      empty={{
        icon: <ShieldAlert className="h-6 w-6" />,
        title: 'No advisory yet',
        description: 'Advisories you publish are listed here, newest first.',
      }}
    >
      {(data) => (
        <ul className="space-y-3" aria-label="Published advisories">
          {data.advisories.map((advisory) => (
            <li key={advisory.id}>
              <Card className="p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <a
                    className="font-mono text-sm font-semibold text-brand-700 underline"
                    href={advisoryPath(advisory.id)}
                  >
                    {advisory.id}
                  </a>
                  <Badge tone={advisory.withdrawn ? 'neutral' : 'danger'}>
                    {advisory.withdrawn
                      ? 'Withdrawn'
                      : advisorySeverityLabels[advisory.database_specific.severity]}
                  </Badge>
                  <span className="text-xs text-slate-600">{formatDateTime(advisory.modified)}</span>
                </div>
                <p className="mt-1 text-sm font-medium text-slate-900">{advisory.summary}</p>
                <p className="mt-1 text-sm text-slate-700">
                  Affects{' '}
                  {advisory.affected.map((entry, index) => (
                    <span key={entry.package.name}>
                      {index > 0 && ', '}
                      <Link className="underline" to={paths.agent.href(entry.package.name)}>
                        {entry.package.name}
                      </Link>
                    </span>
                  ))}
                </p>
                {!advisory.withdrawn && (
                  <Button
                    className="mt-2"
                    size="sm"
                    variant="outline"
                    disabled={withdraw.isPending}
                    onClick={() =>
                      withdraw.mutate(advisory.id, {
                        onSuccess: () => toast.success(`${advisory.id} withdrawn`),
                        onError: (error) => toast.error('Not withdrawn', { description: error.message }),
                      })
                    }
                  >
                    Withdraw
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

/** /admin/advisories: publish an advisory (OSV) about listed agents, and withdraw one. */
export function AdminAdvisoriesPage() {
  useDocumentTitle('Advisories · Admin');
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <AdminNav />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Advisories</h1>
      <p className="mt-2 text-slate-600">
        An advisory warns about listed agents in OSV format: it shows at the top of their pages, owners are
        told, subscribers' webhooks fire, and policy views with “no open advisory” drop them until it is
        withdrawn.
      </p>
      <Card className="mt-6 p-6">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">New advisory</h2>
        <PublishForm />
      </Card>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Published</h2>
      <AdvisoryList />
    </div>
  );
}
