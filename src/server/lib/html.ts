import { Marked } from 'marked';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML (and XML) shows it: the five special characters escaped. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => entities[char]!);

const safeUrl = (href: string) => (/^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : null);

// Owners' Markdown as HTML for places without the client's sanitizer (feeds): raw HTML in the source
// is shown as text, and only http(s) and mailto links survive.
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      return url ? `<a href="${escapeHtml(url)}" rel="nofollow ugc">${text}</a>` : text;
    },
    image({ href, text }) {
      const url = safeUrl(href);
      return url ? `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}">` : escapeHtml(text);
    },
  },
});

/** Markdown as HTML safe to hand to another program's renderer. */
export function markdownToSafeHtml(source: string): string {
  return markdown.parse(source, { async: false });
}

/** Plain text (a review) as HTML paragraphs. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
