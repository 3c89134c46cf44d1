import { Download } from 'lucide-react';
import {
  importSourceLabels,
  type ImportOrigin,
  type Provenance,
  type ProvenanceEntry,
} from '../../../../shared/api/imports.js';
import { formatDate } from '../../../../shared/rules/date.js';
import type { FieldSources, SourcedField } from '../../../components/agent-form/agent-details-fields.js';
import type { AgentFormValues } from '../../../components/agent-form/agent-form-values.js';

function sourceLine(entry: ProvenanceEntry): string {
  return `From ${importSourceLabels[entry.source]}, ${formatDate(entry.fetchedAt)}`;
}

const FORM_FIELDS: Record<string, SourcedField> = {
  name: 'name',
  tagline: 'tagline',
  description: 'description',
  tags: 'tags',
  websiteUrl: 'websiteUrl',
  repoUrl: 'repoUrl',
  docsUrl: 'docsUrl',
  mcpUrl: 'mcpUrl',
  agentCardUrl: 'agentCardUrl',
  logoFileId: 'logo',
};

/**
 * Where each imported field came from, for the fields that still hold the imported value (one the
 * owner changed is theirs now, as the server also records).
 */
export function fieldSources(
  provenance: Provenance,
  imported: AgentFormValues,
  current: AgentFormValues,
): FieldSources {
  const sources: FieldSources = {};
  for (const [key, entry] of Object.entries(provenance)) {
    const field = FORM_FIELDS[key];
    if (!field || !entry) continue;
    if (JSON.stringify(imported[field]) === JSON.stringify(current[field]))
      sources[field] = sourceLine(entry);
  }
  return sources;
}

/** What the draft was imported from: the source, the registry name, the version and when. */
export function ImportFacts({ origin, version }: { origin: ImportOrigin; version: string | null }) {
  const label = importSourceLabels[origin.source];
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
      <span className="inline-flex min-w-0 items-center gap-1.5 font-medium text-slate-900">
        <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="break-all">
          Imported from {label}
          {origin.registryName ? `: ${origin.registryName}` : ''}
        </span>
      </span>
      {version && <span>Version {version}</span>}
      <span>Read {formatDate(origin.fetchedAt)}</span>
    </div>
  );
}
