import { marked } from 'marked';
import { markdownOptions, type MarkdownAnswer, type MarkdownRequest } from './options.js';

// Markdown to (unsanitized) HTML, away from the page's thread: loading marked builds its many regular
// expressions and a first parse compiles them, two of the agent page's longest tasks on a slow phone.
// The page sanitizes the answer itself (render-markdown.ts): DOMPurify needs a document.
interface WorkerScope {
  onmessage: ((event: MessageEvent<MarkdownRequest>) => void) | null;
  postMessage(answer: MarkdownAnswer): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: { id, markdown } }) => {
  scope.postMessage({ id, html: marked.parse(markdown, markdownOptions) });
};
