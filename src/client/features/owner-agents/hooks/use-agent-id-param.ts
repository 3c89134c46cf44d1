import { useParams } from 'react-router';

/** The `:id` of /agent-status/{id} and /edit-agent/{id}; null when it is not an id (shown as not found). */
export function useAgentIdParam(): number | null {
  const { id = '' } = useParams();
  if (!/^\d{1,15}$/.test(id)) return null;
  const value = Number(id);
  return value > 0 ? value : null;
}
