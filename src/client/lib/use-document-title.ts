import { useEffect } from 'react';

const SITE_NAME = 'AgentAtlas';

/** Keeps the tab title in step with client-side navigation (the server sets it for the first load). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined || title === null) return;
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: the AI agent reputation platform`;
  }, [title]);
}
