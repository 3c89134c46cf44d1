import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the address's `#hash` names once the page says it is rendered: a link such as
 * `/agents/x#reviews` or `/metrics#why` arrives before the data that draws its target.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    // After the paint that shows the target (and after ScrollRestoration's own scroll).
    const frame = requestAnimationFrame(() =>
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(),
    );
    return () => cancelAnimationFrame(frame);
  }, [hash, ready]);
}
