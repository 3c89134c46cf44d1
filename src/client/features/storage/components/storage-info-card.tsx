import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useStorageInfo } from '../api/get-storage-info.js';
import { StorageLimits } from './storage-limits.js';
import { RetryNotice } from '../../../components/ui/load-failure.js';

/** The live driver and limits from GET /api/storage/info, with its loading and error states. */
export function StorageInfoCard({ className, headingLevel }: { className?: string; headingLevel?: 2 | 3 }) {
  const info = useStorageInfo();
  if (info.isPending) {
    return (
      <div role="status" aria-label="Loading storage information" className={className}>
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (info.isError) {
    return (
      <Card
        className={`flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50/50 p-4 ${className ?? ''}`}
      >
        <RetryNotice
          message={`Failed to load storage information: ${info.error.message}`}
          onRetry={() => void info.refetch()}
        />
      </Card>
    );
  }
  return (
    <StorageLimits
      info={info.data}
      {...(className ? { className } : {})}
      {...(headingLevel ? { headingLevel } : {})}
    />
  );
}
