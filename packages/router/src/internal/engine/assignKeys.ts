/** An item with its final access key. */
export interface KeyedItem {
  readonly key: string;
  readonly label: string;
  readonly value?: unknown;
  readonly next?: string | undefined;
}

/**
 * Gives every item its access key: its own, or the next free number from 1, skipping the
 * navigation keys and keys other items set explicitly.
 */
export function assignKeys(
  items: readonly {
    key?: string | undefined;
    label: string;
    value?: unknown;
    next?: string | undefined;
  }[],
  reserved: ReadonlySet<string>,
): KeyedItem[] {
  const taken = new Set<string>(reserved);
  for (const item of items) if (item.key !== undefined) taken.add(item.key);
  let counter = 0;
  return items.map((item) => {
    if (item.key !== undefined) return { ...item, key: item.key };
    do counter += 1;
    while (taken.has(String(counter)));
    return { ...item, key: String(counter) };
  });
}
