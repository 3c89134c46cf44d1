import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/**
 * A description rendered exactly as the agent page renders it: Markdown through marked, then DOMPurify,
 * so what an owner previews is what visitors will see and nothing they type can run script.
 */
export function MarkdownPreview({ markdown, emptyText }: { markdown: string; emptyText?: string }) {
  const html = useMemo(() => {
    const raw = marked.parse(markdown, { async: false, gfm: true, breaks: false });
    return DOMPurify.sanitize(raw, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'input', 'button'],
    });
  }, [markdown]);
  if (markdown.trim() === '') {
    return <p className="text-sm text-slate-500 italic">{emptyText ?? 'Nothing to preview yet.'}</p>;
  }
  return <div className="prose-agent" dangerouslySetInnerHTML={{ __html: html }} />;
}
