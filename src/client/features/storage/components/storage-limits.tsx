import { HardDrive } from 'lucide-react';
import type { StorageInfo } from '../../../../shared/api/storage.js';
import { Card } from '../../../components/ui/card.js';
import { formatBytes } from '../lib/format-bytes.js';

function typeName(type: string): string {
  return type.replace(/^image\//, '').toUpperCase();
}

/** The driver and the limits every upload is held to; nothing here is a secret or a path on disk. */
export function StorageLimits({
  info,
  className,
  headingLevel = 2,
}: {
  info: StorageInfo;
  className?: string;
  /** 3 where the card sits under a section heading of its own. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { limits } = info;
  const hours = limits.orphanMinAgeHours;
  const rows: Array<[string, string]> = [
    ['Driver', info.driverLabel],
    ['Accepted types', limits.acceptedTypes.map(typeName).join(', ')],
    ['Largest file', formatBytes(limits.maxBytes)],
    ['Largest image', `${limits.maxWidth} × ${limits.maxHeight} px`],
    ['Stored as', `${typeName(limits.outputType)}, at most ${limits.outputMaxSizePx} px, metadata removed`],
    ['Orphan clean-up', `Files nothing uses, once older than ${hours === 24 ? 'a day' : `${hours} hours`}`],
  ];
  return (
    <Card className={className}>
      <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        <HardDrive className="h-4 w-4 text-brand-700" aria-hidden="true" />
        <Heading className="text-base font-semibold text-slate-900">Driver and limits</Heading>
      </div>
      <dl className="divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
