import type { StorageUsage } from '../../../../shared/api/storage.js';
import { Card } from '../../../components/ui/card.js';
import { formatBytes } from '../lib/format-bytes.js';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      {detail && <p className="mt-0.5 text-xs text-slate-600">{detail}</p>}
    </Card>
  );
}

export function StorageUsageFigures({ usage }: { usage: StorageUsage }) {
  return (
    <section aria-label="Usage" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Files" value={usage.fileCount.toLocaleString('en-US')} />
      <Figure label="Total size" value={formatBytes(usage.totalBytes)} />
      <Figure
        label="Orphans"
        value={usage.orphanCount.toLocaleString('en-US')}
        detail={formatBytes(usage.orphanBytes)}
      />
      <Figure
        label="Removable now"
        value={usage.removableCount.toLocaleString('en-US')}
        detail="Orphans older than a day"
      />
    </section>
  );
}
