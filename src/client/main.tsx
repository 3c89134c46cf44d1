import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.js';
import { createAppRouter } from './app/router.js';
import { currentUserQueryOptions } from './lib/auth-session.js';
import { queryClient } from './lib/query-client.js';
import { shareStyleNonce } from './lib/style-nonce.js';
import './styles.css';

shareStyleNonce();

// Start asking who is signed in before React renders, in parallel with the page chunk.
void queryClient.prefetchQuery(currentUserQueryOptions);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

function start(root: HTMLElement) {
  const router = createAppRouter();
  // As a transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page, so a slow phone stays responsive while the page builds.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

// Matching the URL and starting the page's loaders gets a task of its own, apart from evaluating the
// scripts: two short tasks instead of one long one that would block a slow phone.
setTimeout(() => start(container));
