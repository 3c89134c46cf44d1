import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ToolDefinition, ToolFinding } from '../../../../shared/api/tool-record.js';
import { showInvisible, toolRiskRule } from '../../../../shared/rules/tool-risk.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../paths.js';
import { FindingSeverity } from './finding-severity.js';

/** Descriptions longer than this are folded until the reader asks for the rest. */
const FOLD_AT = 400;
/** Hex digits of a hash shown; the copy button copies all of it. */
const SHORT_HASH = 12;

const severityOrder = { danger: 0, warning: 1, info: 2 } as const;

/** A finding: its severity, its rule (linked to the rule's explanation) and the quoted evidence. */
function FindingItem({ finding }: { finding: ToolFinding }) {
  const rule = toolRiskRule(finding.rule);
  return (
    <li className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-2">
      <FindingSeverity severity={finding.severity} />
      <div className="min-w-0">
        <Link
          to={paths.toolRiskRules.href({ rule: finding.rule })}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {rule?.title ?? finding.rule}
        </Link>
        <p className="mt-0.5 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-700">
          {showInvisible(finding.evidence)}
        </p>
      </div>
    </li>
  );
}

/** Findings, most severe first. */
export function FindingList({ findings, label }: { findings: readonly ToolFinding[]; label: string }) {
  if (findings.length === 0) return null;
  const sorted = [...findings].sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity]);
  return (
    <ul aria-label={label} className="mt-2 space-y-2">
      {sorted.map((finding, index) => (
        <FindingItem key={`${finding.rule}-${index}`} finding={finding} />
      ))}
    </ul>
  );
}

function CopyHash({ hash, name }: { hash: string; name: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-flex max-w-full items-center gap-1 text-xs text-slate-600">
      <span className="sr-only">Hash</span>
      <code title={hash} className="font-mono break-all">
        {hash.slice(0, SHORT_HASH)}
      </code>
      <button
        type="button"
        className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={copied ? `Hash of ${name} copied` : `Copy the hash of ${name}`}
        onClick={() => {
          void navigator.clipboard?.writeText(hash).then(() => setCopied(true));
        }}
      >
        {copied ? (
          <Check className="h-3.5 w-3.5" aria-hidden="true" />
        ) : (
          <Copy className="h-3.5 w-3.5" aria-hidden="true" />
        )}
      </button>
    </span>
  );
}

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = showInvisible(text);
  const long = shown.length > FOLD_AT;
  return (
    <div className="mt-2">
      <p id={id} className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-700">
        {long && !open ? `${shown.slice(0, FOLD_AT).trimEnd()}…` : shown}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          className="mt-1 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show less' : `Show all ${shown.length.toLocaleString('en-US')} characters`}
        </button>
      )}
    </div>
  );
}

const hintLabels: Record<string, [whenTrue: string, whenFalse: string]> = {
  readOnlyHint: ['Read-only', 'Makes changes'],
  destructiveHint: ['May destroy data', 'Not destructive'],
  idempotentHint: ['Idempotent', 'Not idempotent'],
  openWorldHint: ['Reaches the outside world', 'Closed world'],
};

/** The annotations as chips: the known hints in words (their key in the title), others as key: value. */
function Annotations({ annotations }: { annotations: Record<string, unknown> }) {
  const entries = Object.entries(annotations).filter(([key]) => key !== 'title');
  if (entries.length === 0) return null;
  return (
    <ul aria-label="Annotations" className="mt-2 flex flex-wrap gap-1.5">
      {entries.map(([key, value]) => {
        const labels = hintLabels[key];
        const text =
          labels && typeof value === 'boolean'
            ? labels[value ? 0 : 1]
            : `${key}: ${showInvisible(JSON.stringify(value) ?? '')}`;
        return (
          <li
            key={key}
            title={`${key}: ${String(value)}`}
            className="max-w-full rounded-full bg-slate-100 px-2.5 py-0.5 text-xs [overflow-wrap:anywhere] text-slate-700 ring-1 ring-slate-200 ring-inset"
          >
            {text}
          </li>
        );
      })}
    </ul>
  );
}

interface SchemaProperty {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  notes: string[];
}

function propertiesOf(schema: Record<string, unknown> | undefined): SchemaProperty[] {
  const properties = schema?.properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return [];
  const required = Array.isArray(schema?.required) ? schema.required : [];
  return Object.entries(properties as Record<string, unknown>).map(([name, raw]) => {
    const property = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const type = Array.isArray(property.type)
      ? property.type.join(' | ')
      : typeof property.type === 'string'
        ? property.type
        : 'any';
    const notes: string[] = [];
    if (Array.isArray(property.enum))
      notes.push(`one of: ${property.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    if (property.default !== undefined) notes.push(`default: ${JSON.stringify(property.default)}`);
    return {
      name,
      type:
        type === 'array' &&
        property.items &&
        typeof property.items === 'object' &&
        typeof (property.items as { type?: unknown }).type === 'string'
          ? `${(property.items as { type: string }).type}[]`
          : type,
      required: required.includes(name),
      description: typeof property.description === 'string' ? property.description : null,
      notes,
    };
  });
}

/** The input schema's top-level properties as a table that fits a phone (no horizontal scroll). */
function InputTable({ schema, toolName }: { schema: Record<string, unknown>; toolName: string }) {
  const properties = propertiesOf(schema);
  if (properties.length === 0) return <p className="mt-2 text-xs text-slate-600">Takes no arguments.</p>;
  return (
    <table className="mt-2 w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">Arguments of {toolName}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-600">
          <th scope="col" className="w-2/5 py-1 pr-2 font-medium">
            Argument
          </th>
          <th scope="col" className="py-1 font-medium">
            Description
          </th>
        </tr>
      </thead>
      <tbody>
        {properties.map((property) => (
          <tr key={property.name} className="border-b border-slate-100 align-top last:border-0">
            <th scope="row" className="py-1.5 pr-2 font-normal">
              <span className="block font-mono text-slate-900 [overflow-wrap:anywhere]">
                {showInvisible(property.name)}
              </span>
              <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                {property.type}
                {property.required ? ', required' : ''}
              </span>
            </th>
            <td className="py-1.5 text-slate-700 [overflow-wrap:anywhere] whitespace-pre-wrap">
              {property.description ? (
                showInvisible(property.description)
              ) : (
                <span className="text-slate-600">—</span>
              )}
              {property.notes.map((note) => (
                <span key={note} className="block text-xs text-slate-600">
                  {showInvisible(note)}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ToolItem({ tool }: { tool: ToolDefinition }) {
  const headingId = useId();
  const outputs = propertiesOf(tool.outputSchema);
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h5
            id={headingId}
            className="min-w-0 font-mono text-sm font-semibold [overflow-wrap:anywhere] text-slate-900"
          >
            {showInvisible(tool.name)}
          </h5>
          <CopyHash hash={tool.hash} name={tool.name} />
        </div>
        {tool.title && (
          <p className="text-sm [overflow-wrap:anywhere] text-slate-700">{showInvisible(tool.title)}</p>
        )}
        <FindingList findings={tool.findings} label={`Findings for ${tool.name}`} />
        {tool.description ? (
          <Description text={tool.description} />
        ) : (
          <p className="mt-2 text-sm text-slate-600">No description.</p>
        )}
        {tool.annotations && <Annotations annotations={tool.annotations} />}
        <InputTable schema={tool.inputSchema} toolName={tool.name} />
        {outputs.length > 0 && (
          <p className="mt-2 text-xs [overflow-wrap:anywhere] text-slate-600">
            Returns: {outputs.map((output) => showInvisible(output.name)).join(', ')}
          </p>
        )}
      </article>
    </li>
  );
}

interface ToolListProps {
  tools: readonly ToolDefinition[];
  /** The server's `instructions` from its handshake, shown whole. */
  instructions?: string | null;
  /** What the rules found in the instructions (`findInstructionRisks`). */
  instructionFindings?: readonly ToolFinding[];
  /** Findings about the list as a whole (its token budget). */
  toolSetFindings?: readonly ToolFinding[];
  /** SHA-256 over the sorted tool hashes: the pin of the whole set. */
  toolSetHash?: string | null;
  className?: string;
}

/**
 * An MCP server's tools as it sent them: each whole (description, arguments, annotations, hash) with
 * the findings of the published risk rules, most severe first; tools with danger findings come first.
 */
export function ToolList({
  tools,
  instructions,
  instructionFindings = [],
  toolSetFindings = [],
  toolSetHash,
  className,
}: ToolListProps) {
  const sorted = [...tools].sort(
    (a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return (
    <div className={cn('mt-2 space-y-3', className)} data-testid="tool-list">
      {toolSetHash && (
        <p className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
          Tool set <CopyHash hash={toolSetHash} name="the tool set" />
        </p>
      )}
      <FindingList findings={toolSetFindings} label="Findings for the tool list" />
      {instructions && (
        <section aria-label="Server instructions" className="rounded-lg bg-slate-50 p-3">
          <h4 className="text-xs font-medium text-slate-600">Server instructions</h4>
          <FindingList findings={instructionFindings} label="Findings for the server instructions" />
          <Description text={instructions} />
        </section>
      )}
      <ul className="space-y-3">
        {sorted.map((tool) => (
          <ToolItem key={`${tool.name}-${tool.hash}`} tool={tool} />
        ))}
      </ul>
    </div>
  );
}

function rank(tool: ToolDefinition): number {
  return Math.min(3, ...tool.findings.map((finding) => severityOrder[finding.severity]));
}
