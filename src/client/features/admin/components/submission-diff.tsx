import type { ReactNode } from 'react';
import { pricingLabels } from '../../../../shared/catalogue.js';
import type { AgentListingFields } from '../../../../shared/api/submissions.js';
import { cn } from '../../../lib/cn.js';

type FieldKey =
  | 'name'
  | 'tagline'
  | 'description'
  | 'category'
  | 'tags'
  | 'pricing'
  | 'websiteUrl'
  | 'repoUrl'
  | 'docsUrl'
  | 'mcpUrl'
  | 'agentCardUrl'
  | 'githubRepo'
  | 'license'
  | 'logo';

const fields: Array<{ key: FieldKey; label: string }> = [
  { key: 'logo', label: 'Logo' },
  { key: 'name', label: 'Name' },
  { key: 'tagline', label: 'Tagline' },
  { key: 'category', label: 'Category' },
  { key: 'pricing', label: 'Pricing' },
  { key: 'tags', label: 'Tags' },
  { key: 'websiteUrl', label: 'Website' },
  { key: 'repoUrl', label: 'Repository URL' },
  { key: 'docsUrl', label: 'Documentation' },
  { key: 'mcpUrl', label: 'MCP server' },
  { key: 'agentCardUrl', label: 'A2A agent card' },
  { key: 'githubRepo', label: 'GitHub repository' },
  { key: 'license', label: 'License' },
  { key: 'description', label: 'Description' },
];

/** The server names the logo by its file id; either name means the logo changed. */
function isChanged(key: FieldKey, changed: ReadonlySet<string>): boolean {
  if (key === 'logo') return changed.has('logoFileId') || changed.has('logoUrl') || changed.has('logo');
  return changed.has(key);
}

function Empty() {
  return <span className="text-slate-500 italic">Not given</span>;
}

function Url({ value }: { value: string | null }) {
  if (!value) return <Empty />;
  // Shown as text, never as a link: an unreviewed address is not something to click from the queue.
  return <span className="break-all">{value}</span>;
}

function renderValue(key: FieldKey, fieldsValue: AgentListingFields): ReactNode {
  switch (key) {
    case 'logo':
      return fieldsValue.logoUrl ? (
        <img
          src={fieldsValue.logoUrl}
          alt={`${fieldsValue.name} logo`}
          width={56}
          height={56}
          className="h-14 w-14 rounded-xl bg-white object-cover ring-1 ring-slate-200"
        />
      ) : (
        <span className="text-slate-500 italic">No logo</span>
      );
    case 'category':
      return fieldsValue.category.name;
    case 'pricing':
      return pricingLabels[fieldsValue.pricing];
    case 'tags':
      return fieldsValue.tags.length === 0 ? (
        <span className="text-slate-500 italic">No tags</span>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {fieldsValue.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset"
            >
              {tag}
            </li>
          ))}
        </ul>
      );
    case 'description':
      return (
        <div className="max-h-48 overflow-y-auto text-sm whitespace-pre-wrap text-slate-800">
          {fieldsValue.description}
        </div>
      );
    case 'websiteUrl':
    case 'repoUrl':
    case 'docsUrl':
    case 'mcpUrl':
    case 'agentCardUrl':
      return <Url value={fieldsValue[key]} />;
    case 'githubRepo':
    case 'license':
      return fieldsValue[key] ?? <Empty />;
    case 'name':
    case 'tagline':
      return fieldsValue[key];
  }
}

/**
 * What the admin decides on: for a new listing every proposed field; for an edit the live listing
 * beside the proposal with the changed fields marked. Columns stack on narrow screens.
 */
export function SubmissionDiff({
  current,
  proposed,
  changedFields,
}: {
  current: AgentListingFields | null;
  proposed: AgentListingFields;
  changedFields: string[];
}) {
  const changed = new Set(changedFields);
  if (!current) {
    return (
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {fields.map(({ key, label }) => (
          <div key={key} className="grid gap-1 px-3 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="min-w-0 text-sm text-slate-900">{renderValue(key, proposed)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200">
      <div
        className="hidden grid-cols-[10rem_1fr_1fr] gap-4 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid"
        aria-hidden="true"
      >
        <span>Field</span>
        <span>Current</span>
        <span>Proposed</span>
      </div>
      <dl className="divide-y divide-slate-100">
        {fields.map(({ key, label }) => {
          const differs = isChanged(key, changed);
          return (
            <div
              key={key}
              className={cn(
                'grid gap-2 px-3 py-2.5 sm:grid-cols-[10rem_1fr_1fr] sm:gap-4',
                differs && 'bg-amber-50/60',
              )}
              data-changed={differs || undefined}
            >
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-600 sm:items-start">
                {label}
                {differs && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900">
                    Changed
                  </span>
                )}
              </dt>
              {/* On a phone an unchanged value is shown once, under "Unchanged", not twice. */}
              <dd className={cn('min-w-0 text-sm text-slate-900', !differs && 'hidden sm:block')}>
                <span className="mb-1 block text-xs font-medium text-slate-500 sm:sr-only">Current</span>
                <div className={cn(differs && 'text-slate-600')}>{renderValue(key, current)}</div>
              </dd>
              <dd
                className={cn(
                  'min-w-0 text-sm text-slate-900',
                  differs && 'rounded-lg bg-white p-2 ring-1 ring-amber-300 sm:-m-2',
                )}
              >
                <span className="mb-1 block text-xs font-medium text-slate-500 sm:sr-only">
                  {differs ? 'Proposed' : <span className="sm:hidden">Unchanged</span>}
                  {!differs && <span className="hidden sm:inline">Proposed</span>}
                </span>
                {renderValue(key, proposed)}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
