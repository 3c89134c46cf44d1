/** An agent's description, as sanitized HTML from its Markdown (lib/markdown/render-markdown.ts). */
export function MarkdownDescription({ html }: { html: string }) {
  return <div className="prose-agent" dangerouslySetInnerHTML={{ __html: html }} />;
}
