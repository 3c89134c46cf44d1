import type { ToolChangeItem, ToolSetChange } from '../../../../shared/api/tool-record.js';
import { formatDateTime } from '../../../../shared/rules/date.js';
import { diffWords } from '../../../../shared/rules/text-diff.js';
import { showInvisible } from '../../../../shared/rules/tool-risk.js';

const kindLabels: Record<ToolChangeItem['kind'], string> = {
  added: 'added',
  removed: 'removed',
  renamed: 'renamed',
  description_changed: 'description changed',
  input_changed: 'input changed',
  output_changed: 'output changed',
  annotations_changed: 'annotations changed',
};

const kindTones: Partial<Record<ToolChangeItem['kind'], string>> = {
  added: 'text-emerald-800',
  removed: 'text-red-800',
};

/** Where a verifier checks a log entry: its inclusion proof when the tree size is known, else the tree head. */
export function transparencyHref(logIndex: number, treeSize?: number | null): string {
  return treeSize && treeSize > logIndex
    ? `/api/transparency/proof/inclusion?${new URLSearchParams({ index: String(logIndex), treeSize: String(treeSize) })}`
    : '/api/transparency/tree-head';
}

/** Before and after of a description, word by word: removed words struck through, added ones marked. */
function TextDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(showInvisible(before), showInvisible(after));
  return (
    <p className="mt-1 rounded bg-slate-50 p-2 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800">
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={index} className="bg-red-100 text-red-900">
            <span className="sr-only">[removed: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <ins key={index} className="bg-emerald-100 text-emerald-900 no-underline">
            <span className="sr-only">[added: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ),
      )}
    </p>
  );
}

function ChangeItem({ item }: { item: ToolChangeItem }) {
  const name = showInvisible(item.tool);
  return (
    <li className="text-sm text-slate-700">
      <p className="[overflow-wrap:anywhere]">
        {item.kind === 'renamed' && item.from ? (
          <>
            <span className="font-mono text-slate-900">{showInvisible(item.from)}</span> renamed to{' '}
            <span className="font-mono text-slate-900">{name}</span>
          </>
        ) : (
          <>
            <span className="font-mono text-slate-900">{name}</span> —{' '}
            <span className={kindTones[item.kind]}>{kindLabels[item.kind]}</span>
          </>
        )}
        {item.detail && item.kind !== 'description_changed' && (
          <span className="block text-slate-600">{showInvisible(item.detail)}</span>
        )}
      </p>
      {item.kind === 'description_changed' && (item.before != null || item.after != null) && (
        <TextDiff before={item.before ?? ''} after={item.after ?? ''} />
      )}
    </li>
  );
}

interface ToolHistoryProps {
  changes: readonly ToolSetChange[];
  /** The log's current size, to link each entry to its inclusion proof (else the signed tree head). */
  treeSize?: number | null;
}

/** What changed in a server's tools, newest first, each change tied to its transparency log entry. */
export function ToolHistory({ changes, treeSize }: ToolHistoryProps) {
  if (changes.length === 0) return null;
  const sorted = [...changes].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <ol className="mt-1 space-y-3" data-testid="tool-history">
      {sorted.map((change) => (
        <li key={`${change.at}-${change.toolSetHash ?? ''}`} className="border-l-2 border-slate-200 pl-3">
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
            <time dateTime={change.at}>{formatDateTime(change.at)}</time>
            {change.logIndex !== null && (
              <a
                href={transparencyHref(change.logIndex, treeSize)}
                className="font-medium text-brand-700 hover:underline"
              >
                Log entry #{change.logIndex}
              </a>
            )}
          </p>
          {change.items.length === 0 ? (
            // The first tool set observed goes on the record and into the log, with nothing changed.
            <p className="mt-1 text-sm text-slate-700">Whole tool definitions first recorded.</p>
          ) : (
            <ul className="mt-1 space-y-2">
              {change.items.map((item, index) => (
                <ChangeItem key={`${item.kind}-${item.tool}-${index}`} item={item} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
