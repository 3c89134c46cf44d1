/** Awaits every promise of an object at once and keeps each answer under its name. */
export async function allOf<Promises extends Record<string, Promise<unknown>>>(
  promises: Promises,
): Promise<{ [Name in keyof Promises]: Awaited<Promises[Name]> }> {
  const settled = await Promise.all(
    Object.entries(promises).map(async ([name, promise]) => [name, await promise] as const),
  );
  return Object.fromEntries(settled) as { [Name in keyof Promises]: Awaited<Promises[Name]> };
}
