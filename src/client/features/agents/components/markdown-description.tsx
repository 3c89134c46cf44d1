import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

let hooked = false;

/** Links in user-written Markdown open in a new tab and pass no referrer or ranking. */
function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
  });
}

/** Renders an agent description from Markdown; the HTML is sanitized by DOMPurify before it reaches the page. */
export function MarkdownDescription({ markdown }: { markdown: string }) {
  const html = useMemo(() => {
    ensureLinkHook();
    const raw = marked.parse(markdown, { async: false, gfm: true, breaks: false });
    return DOMPurify.sanitize(raw, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'input', 'button'],
    });
  }, [markdown]);
  return <div className="prose-agent" dangerouslySetInnerHTML={{ __html: html }} />;
}
