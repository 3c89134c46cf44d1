/** Sizes as people read them: bytes under 1 KB, KB under 1 MB, then MB (binary units, one decimal). */
export function formatBytes(bytes: number, unit?: 'KB'): string {
  if (unit === 'KB') return `${trim(bytes / 1024)} KB`;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / (1024 * 1024))} MB`;
}

function trim(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}
