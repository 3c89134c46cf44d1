import { Scale } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { pricingLabels, pricingModels, type PricingModel } from '../../../shared/catalogue.js';
import {
  AGENT_DESCRIPTION_MAX,
  AGENT_NAME_MAX,
  AGENT_TAGLINE_MAX,
  LICENSE_MAX,
  URL_MAX,
} from '../../../shared/limits.js';
import type { AgentDescriptionField } from '../../../shared/api/submissions.js';
import { formatCount } from '../../../shared/rules/count.js';
import { cn } from '../../lib/cn.js';
import { FieldError, TextField } from '../ui/form-field.js';
import { GithubIcon } from '../ui/github-icon.js';
import { Label, Select } from '../ui/input.js';
import { TextAreaField } from '../ui/textarea.js';
import { fieldError, type AgentFormErrors, type AgentFormValues } from './agent-form-values.js';
import { LogoUpload } from './logo-upload.js';
import { MarkdownPreview } from './markdown-preview.js';
import { TagsInput } from './tags-input.js';
import { FilledStar } from '../ui/star-rating.js';

export interface AgentDetailsFieldsProps {
  values: AgentFormValues;
  onChange: (patch: Partial<AgentFormValues>) => void;
  /** Per-field messages keyed by agentFieldsSchema's names (the server's `details`). */
  errors?: AgentFormErrors | undefined;
  categories: Array<{ slug: string; name: string }>;
  disabled?: boolean | undefined;
  /** Told while a logo upload is in flight, so the owner of the form can hold back a submit. */
  onUploadingChange?: ((uploading: boolean) => void) | undefined;
  /** Where imported fields came from ("From the MCP registry, Nov 25, 2026"), shown under each. */
  sources?: FieldSources | undefined;
}

/** The fields an import can fill, as the form names them. */
export type SourcedField = AgentDescriptionField | 'logo';
export type FieldSources = Partial<Record<SourcedField, string>>;

/** A field's hint with the line saying where its value came from. */
function withSource(hint: ReactNode, source: string | undefined): ReactNode {
  if (!source) return hint;
  return (
    <>
      {hint && <span className="block">{hint}</span>}
      <span className="block text-brand-700">{source}</span>
    </>
  );
}

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  children: ReactNode;
}

function SelectField({ label, name, value, onValueChange, error, disabled, children }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {children}
      </Select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="sr-only">{title}</legend>
      <div aria-hidden="true">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </fieldset>
  );
}

/** Facts read from GitHub at import: shown, not typed. */
function GithubFacts({ values }: { values: AgentFormValues }) {
  if (!values.githubRepo) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
      <span className="inline-flex items-center gap-1.5 font-medium text-slate-900">
        <GithubIcon className="h-4 w-4" />
        <span className="sr-only">Imported from GitHub repository </span>
        {values.githubRepo}
      </span>
      {values.githubStars !== null && (
        <span className="inline-flex items-center gap-1">
          <FilledStar className="h-4 w-4" />
          {formatCount(values.githubStars)}
          <span className="sr-only">stars on GitHub</span>
        </span>
      )}
      {values.license && (
        <span className="inline-flex items-center gap-1">
          <Scale className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <span className="sr-only">License </span>
          {values.license}
        </span>
      )}
    </div>
  );
}

/**
 * The fields of an agent's listing, for the submission form and the edit form alike. Controlled: the
 * parent holds the values and the errors; every control carries `name` = the API's field name and
 * `aria-invalid` when it has an error, so a parent can focus the first invalid one.
 */
export function AgentDetailsFields({
  values,
  onChange,
  errors,
  categories,
  disabled,
  onUploadingChange,
  sources = {},
}: AgentDetailsFieldsProps) {
  const [descriptionMode, setDescriptionMode] = useState<'write' | 'preview'>('write');
  const descriptionError = fieldError(errors, 'description');

  // An error on the description must be visible (and focusable) even if the preview was open.
  useEffect(() => {
    if (descriptionError) setDescriptionMode('write');
  }, [descriptionError]);

  const knownCategory = values.category === '' || categories.some((item) => item.slug === values.category);

  return (
    <div className="space-y-6">
      <GithubFacts values={values} />

      <FormSection title="Basics" description="What your agent is called and what it does, in one line.">
        <TextField
          label="Name"
          name="name"
          value={values.name}
          onValueChange={(name) => onChange({ name })}
          error={fieldError(errors, 'name')}
          hint={withSource(null, sources.name)}
          maxLength={AGENT_NAME_MAX}
          autoComplete="off"
          disabled={disabled}
        />
        <TextField
          label="Tagline"
          name="tagline"
          value={values.tagline}
          onValueChange={(tagline) => onChange({ tagline })}
          error={fieldError(errors, 'tagline')}
          hint={withSource(
            `A short sentence shown on cards (${values.tagline.trim().length} / ${AGENT_TAGLINE_MAX}).`,
            sources.tagline,
          )}
          maxLength={AGENT_TAGLINE_MAX}
          autoComplete="off"
          disabled={disabled}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            name="category"
            value={values.category}
            onValueChange={(category) => onChange({ category })}
            error={fieldError(errors, 'category')}
            disabled={disabled}
          >
            <option value="">Choose a category</option>
            {categories.map((item) => (
              <option key={item.slug} value={item.slug}>
                {item.name}
              </option>
            ))}
            {!knownCategory && <option value={values.category}>{values.category}</option>}
          </SelectField>
          <SelectField
            label="Pricing"
            name="pricing"
            value={values.pricing}
            onValueChange={(pricing) => onChange({ pricing: pricing as PricingModel | '' })}
            error={fieldError(errors, 'pricing')}
            disabled={disabled}
          >
            <option value="">Choose a pricing model</option>
            {pricingModels.map((model) => (
              <option key={model} value={model}>
                {pricingLabels[model]}
              </option>
            ))}
          </SelectField>
        </div>
      </FormSection>

      <FormSection title="Description" description="Markdown is supported: headings, lists, links and code.">
        <div className="relative">
          <div
            role="group"
            aria-label="Editor view"
            className="absolute top-0 right-0 flex rounded-lg bg-slate-100 p-0.5 text-xs font-medium"
          >
            {(['write', 'preview'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={descriptionMode === mode}
                onClick={() => setDescriptionMode(mode)}
                className={cn(
                  'cursor-pointer rounded-md px-2.5 py-1 focus-visible:outline-2 focus-visible:outline-brand-600',
                  descriptionMode === mode
                    ? 'bg-white text-slate-900 shadow-xs'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {mode === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
          {descriptionMode === 'write' ? (
            <TextAreaField
              label="Description"
              name="description"
              value={values.description}
              onValueChange={(description) => onChange({ description })}
              error={descriptionError}
              hint={withSource(null, sources.description)}
              maxLength={AGENT_DESCRIPTION_MAX}
              rows={10}
              disabled={disabled}
              placeholder="What does your agent do, for whom, and how do people start?"
            />
          ) : (
            <div className="space-y-1.5">
              <p className="text-sm font-medium text-slate-700">Description</p>
              <div className="min-h-60 rounded-lg border border-slate-200 bg-white px-4 py-3">
                <MarkdownPreview markdown={values.description} />
              </div>
            </div>
          )}
        </div>
        <TagsInput
          label="Tags"
          name="tags"
          tags={values.tags}
          onChange={(tags) => onChange({ tags })}
          error={fieldError(errors, 'tags')}
          disabled={disabled}
          source={sources.tags}
        />
      </FormSection>

      <FormSection
        title="Links"
        description="A website or a repository is required, so people can find your agent."
      >
        <TextField
          label="Website URL"
          name="websiteUrl"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.websiteUrl}
          onValueChange={(websiteUrl) => onChange({ websiteUrl })}
          hint={withSource(null, sources.websiteUrl)}
          error={fieldError(errors, 'websiteUrl')}
          maxLength={URL_MAX}
          disabled={disabled}
        />
        <TextField
          label="Repository URL"
          name="repoUrl"
          type="url"
          inputMode="url"
          placeholder="https://github.com/owner/name"
          value={values.repoUrl}
          onValueChange={(repoUrl) => onChange({ repoUrl })}
          hint={withSource(null, sources.repoUrl)}
          error={fieldError(errors, 'repoUrl') ?? fieldError(errors, 'githubRepo')}
          maxLength={URL_MAX}
          disabled={disabled}
        />
        <TextField
          label="Documentation URL"
          name="docsUrl"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.docsUrl}
          onValueChange={(docsUrl) => onChange({ docsUrl })}
          hint={withSource(null, sources.docsUrl)}
          error={fieldError(errors, 'docsUrl')}
          maxLength={URL_MAX}
          disabled={disabled}
        />
        <TextField
          label="License"
          name="license"
          placeholder="e.g. MIT"
          value={values.license}
          onValueChange={(license) => onChange({ license })}
          error={fieldError(errors, 'license')}
          maxLength={LICENSE_MAX}
          disabled={disabled}
        />
      </FormSection>

      <FormSection
        title="Endpoints"
        description="Optional. AgentAtlas checks them regularly and shows their health and tools on your listing."
      >
        <TextField
          label="MCP server URL"
          name="mcpUrl"
          type="url"
          inputMode="url"
          placeholder="https://example.com/mcp"
          hint={withSource('A remote MCP server that speaks Streamable HTTP.', sources.mcpUrl)}
          value={values.mcpUrl}
          onValueChange={(mcpUrl) => onChange({ mcpUrl })}
          error={fieldError(errors, 'mcpUrl')}
          maxLength={URL_MAX}
          disabled={disabled}
        />
        <TextField
          label="A2A agent card URL"
          name="agentCardUrl"
          type="url"
          inputMode="url"
          placeholder="https://example.com/.well-known/agent-card.json"
          hint={withSource('Where your agent publishes its A2A agent card.', sources.agentCardUrl)}
          value={values.agentCardUrl}
          onValueChange={(agentCardUrl) => onChange({ agentCardUrl })}
          error={fieldError(errors, 'agentCardUrl')}
          maxLength={URL_MAX}
          disabled={disabled}
        />
      </FormSection>

      <FormSection title="Logo" description="Optional. Without one, the agent's initials are shown.">
        <LogoUpload
          logo={values.logo}
          onChange={(logo) => onChange({ logo })}
          agentName={values.name}
          error={fieldError(errors, 'logoFileId')}
          disabled={disabled}
          onUploadingChange={onUploadingChange}
          source={sources.logo}
        />
      </FormSection>
    </div>
  );
}

/** Moves focus to the first control marked invalid inside `container` (after a refused submit). */
export function focusFirstInvalidField(container: HTMLElement | null): void {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus();
  field.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
