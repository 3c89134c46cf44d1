import { useMarkdownHtml } from '../../lib/markdown/render-markdown.js';

/**
 * A description rendered exactly as the agent page renders it (lib/markdown: Markdown through marked,
 * then DOMPurify), so what an owner previews is what visitors will see and nothing they type can run
 * script.
 */
export function MarkdownPreview({ markdown, emptyText }: { markdown: string; emptyText?: string }) {
  const html = useMarkdownHtml(markdown);
  if (markdown.trim() === '') {
    return <p className="text-sm text-slate-500 italic">{emptyText ?? 'Nothing to preview yet.'}</p>;
  }
  return <div className="prose-agent" dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
