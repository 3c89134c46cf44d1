import DOMPurify from 'dompurify';
import { startTransition, useEffect, useState } from 'react';
import { markdownOptions, type MarkdownAnswer } from './options.js';

/** Links in user-written Markdown open in a new tab and pass no referrer or ranking. */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
  }
});

function sanitize(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button'],
  });
}

/** Rendered descriptions, so a page seen again (or a preview's same text) shows at once. */
const rendered = new Map<string, string>([['', '']]);
const KEPT = 50;

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { markdown: string; resolve: (html: string) => void }>();

async function parseInPage(markdown: string): Promise<string> {
  const { marked } = await import('marked');
  return marked.parse(markdown, markdownOptions);
}

/** The worker, started on first use; null where it cannot run (the page then parses itself). */
function markdownWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = ({ data }: MessageEvent<MarkdownAnswer>) => {
    waiting.get(data.id)?.resolve(data.html);
    waiting.delete(data.id);
  };
  // A worker that fails to load or run hands what it was asked back to the page.
  worker.onerror = () => {
    worker?.terminate();
    worker = null;
    for (const { markdown, resolve } of waiting.values()) void parseInPage(markdown).then(resolve);
    waiting.clear();
  };
  return worker;
}

/** Unsanitized HTML of `markdown`, from the worker, or parsed here where the worker cannot run. */
function parse(markdown: string): Promise<string> {
  const parser = markdownWorker();
  if (!parser) return parseInPage(markdown);
  return new Promise<string>((resolve) => {
    const id = (nextId += 1);
    waiting.set(id, { markdown, resolve });
    parser.postMessage({ id, markdown });
  });
}

/** Sanitized HTML of an owner's Markdown: what the agent page and the form's preview show. */
export async function renderMarkdown(markdown: string): Promise<string> {
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = sanitize(await parse(markdown));
  if (rendered.size >= KEPT) rendered.delete(rendered.keys().next().value!);
  rendered.set(markdown, html);
  return html;
}

/**
 * The sanitized HTML of `markdown`: at once if it was rendered before, otherwise null until it is (the
 * previous text's HTML while a new one renders, so a preview does not blink as the owner types).
 */
export function useMarkdownHtml(markdown: string): string | null {
  const [shown, setShown] = useState(() => {
    const known = rendered.get(markdown);
    return known === undefined ? null : { markdown, html: known };
  });
  useEffect(() => {
    if (shown?.markdown === markdown) return;
    let current = true;
    void renderMarkdown(markdown).then((html) => {
      if (current) startTransition(() => setShown({ markdown, html }));
    });
    return () => {
      current = false;
    };
  }, [markdown, shown?.markdown]);
  return shown?.html ?? null;
}
