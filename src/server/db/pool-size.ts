/**
 * PostgreSQL connections an instance keeps at most unless DATABASE_POOL_SIZE says otherwise. The hot
 * reads run their parts side by side (an agent page's trust summary is three queries at once), so
 * ten connections serve about three requests' reads at a time; more help only while PostgreSQL has
 * cores to run them on (`npm run bench -- --mixed-only --postgres` with DATABASE_POOL_SIZE set).
 */
export const DEFAULT_POOL_SIZE = 10;
