import type { MarkedOptions } from 'marked';

/** How descriptions are read: GitHub-flavoured Markdown, a single newline is not a line break. */
export const markdownOptions = { async: false, gfm: true, breaks: false } as const satisfies MarkedOptions;

/** A request to the Markdown worker and its answer. */
export interface MarkdownRequest {
  id: number;
  markdown: string;
}
export interface MarkdownAnswer {
  id: number;
  html: string;
}
