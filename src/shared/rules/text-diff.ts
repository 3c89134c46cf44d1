/**
 * A word-level diff of two texts (longest common subsequence), for showing what a tool's
 * description said before and after a change. Words and runs of whitespace are compared as they
 * are, so joining the parts of one side gives that side back exactly. Bounded: past `maxWords` words on
 * either side the texts are shown as one removal and one addition instead.
 */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

export const TEXT_DIFF_MAX_WORDS = 1_500;

function words(text: string): string[] {
  return text.match(/\S+|\s+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

export function diffWords(before: string, after: string, maxWords = TEXT_DIFF_MAX_WORDS): DiffPart[] {
  const a = words(before);
  const b = words(after);
  const parts: DiffPart[] = [];
  if (a.length > maxWords || b.length > maxWords) {
    if (before) push(parts, 'removed', before);
    if (after) push(parts, 'added', after);
    return parts;
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const key = (word: string) => word;
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        key(a[i]!) === key(b[j]!)
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (key(a[i]!) === key(b[j]!)) {
      push(parts, 'same', b[j]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) push(parts, 'removed', a[i++]!);
    else push(parts, 'added', b[j++]!);
  }
  while (i < a.length) push(parts, 'removed', a[i++]!);
  while (j < b.length) push(parts, 'added', b[j++]!);
  return parts;
}
