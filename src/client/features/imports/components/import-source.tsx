import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ImportRequest, ImportSource as Source } from '../../../../shared/api/imports.js';
import type { ImportDraftResponse } from '../../../../shared/api/submissions.js';
import { URL_MAX } from '../../../../shared/limits.js';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/form-field.js';
import { Tabs } from '../../../components/ui/tabs.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { importDraft } from '../api/import-draft.js';

type Field = 'name' | 'url' | 'json';

const tabLabels: Record<Source, string> = {
  'mcp-registry': 'MCP registry',
  'server-json': 'server.json',
  'agent-card': 'A2A agent card',
};

/**
 * Step 1's other way in: the details of an agent already published in the official MCP registry, in a
 * server.json or in an A2A agent card become a new draft, each field marked with where it came from.
 */
export function ImportSource({ onImported }: { onImported: (draft: ImportDraftResponse) => void }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<Source>('mcp-registry');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [json, setJson] = useState('');
  const [serverJsonBy, setServerJsonBy] = useState<'url' | 'paste'>('url');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function body(): ImportRequest {
    if (source === 'mcp-registry') return { source, name: name.trim() };
    if (source === 'agent-card') return { source, url: url.trim() };
    return serverJsonBy === 'url' ? { source, url: url.trim() } : { source, json };
  }

  function required(): FieldErrors<Field> {
    if (source === 'mcp-registry' && !name.trim()) return { name: 'Enter the server’s name' };
    if (source === 'server-json' && serverJsonBy === 'paste' && !json.trim())
      return { json: 'Paste the contents of server.json' };
    if ((source === 'agent-card' || serverJsonBy === 'url') && source !== 'mcp-registry' && !url.trim())
      return { url: 'Enter the address' };
    return {};
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const missing = required();
    setErrors(missing);
    setProblem(null);
    if (Object.keys(missing).length > 0) return;
    setPending(true);
    try {
      const draft = await importDraft(body());
      queryClient.setQueryData(queryKeys.submissions.draft(draft.id), draft);
      void queryClient.invalidateQueries({ queryKey: queryKeys.submissions.drafts(), exact: true });
      toast.success('Details imported', {
        description:
          draft.warnings.length > 0
            ? draft.warnings.join(' ')
            : 'Check them, choose a category and pricing, then submit.',
      });
      onImported(draft);
    } catch (error) {
      const fields = isApiError(error) ? serverFieldErrors<Field>(error.details) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setProblem(isApiError(error) ? error.message : 'The import failed. Please try again.');
    } finally {
      setPending(false);
    }
  }

  function choose(next: Source) {
    setSource(next);
    setErrors({});
    setProblem(null);
  }

  const urlField = (label: string, placeholder: string, hint: string) => (
    <TextField
      label={label}
      name="url"
      type="url"
      inputMode="url"
      placeholder={placeholder}
      hint={hint}
      value={url}
      onValueChange={(value) => {
        setUrl(value);
        setErrors({});
      }}
      error={errors.url}
      maxLength={URL_MAX}
      disabled={pending}
    />
  );

  const panels: Record<Source, ReactNode> = {
    'mcp-registry': (
      <TextField
        label="Server name"
        name="name"
        placeholder="io.github.owner/server"
        hint="The name the server is published under in the official MCP registry."
        value={name}
        onValueChange={(value) => {
          setName(value);
          setErrors({});
        }}
        error={errors.name}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        disabled={pending}
      />
    ),
    'server-json': (
      <div className="space-y-3">
        <div role="radiogroup" aria-label="How to give server.json" className="flex gap-4 text-sm">
          {(['url', 'paste'] as const).map((way) => (
            <label key={way} className="inline-flex cursor-pointer items-center gap-2 text-slate-700">
              <input
                type="radio"
                name="server-json-by"
                value={way}
                checked={serverJsonBy === way}
                onChange={() => {
                  setServerJsonBy(way);
                  setErrors({});
                }}
                className="h-4 w-4 accent-brand-600"
              />
              {way === 'url' ? 'Its address' : 'Paste it'}
            </label>
          ))}
        </div>
        {serverJsonBy === 'url' ? (
          urlField(
            'server.json address',
            'https://example.com/server.json',
            'A server.json as the MCP registry’s schema describes it.',
          )
        ) : (
          <TextAreaField
            label="Contents of server.json"
            name="json"
            rows={6}
            className="font-mono text-xs"
            placeholder='{ "name": "io.github.owner/server", "description": "…", "version": "1.0.0" }'
            value={json}
            onValueChange={(value) => {
              setJson(value);
              setErrors({});
            }}
            error={errors.json}
            maxLength={100_000}
            disabled={pending}
          />
        )}
      </div>
    ),
    'agent-card': urlField(
      'Agent card address',
      'https://example.com/.well-known/agent-card.json',
      'Where your A2A agent publishes its agent card.',
    ),
  };

  return (
    <section
      aria-labelledby="import-source-title"
      className="rounded-xl border border-slate-200 bg-white px-4 py-5 sm:px-6"
    >
      <div className="flex items-start gap-3">
        <Download className="mt-0.5 hidden h-6 w-6 shrink-0 text-slate-900 sm:block" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <h3 id="import-source-title" className="font-medium text-slate-900">
              Import what is already published
            </h3>
            <p className="mt-1 text-sm text-slate-600">
              From the official MCP registry, a server.json or an A2A agent card: the name, description,
              links, endpoint, icon, version and tags are filled in, and each field shows where it came from.
            </p>
          </div>
          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
            <Tabs
              label="Import from"
              value={source}
              onValueChange={choose}
              items={(Object.keys(tabLabels) as Source[]).map((key) => ({
                key,
                label: tabLabels[key],
                panel: panels[key],
              }))}
            />
            {problem && (
              <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
                {problem}
              </p>
            )}
            <Button type="submit" disabled={pending}>
              {pending ? <ButtonSpinner /> : <Download className="h-4 w-4" aria-hidden="true" />}
              {pending ? 'Importing...' : 'Import'}
            </Button>
          </form>
        </div>
      </div>
    </section>
  );
}
