import type { ReactNode } from 'react';

/** A compact label/value grid for cards; wraps to one column on phones. */
export function Details({ items }: { items: Array<[string, ReactNode] | false | null | undefined> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items
        .filter((i): i is [string, ReactNode] => Boolean(i))
        .map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted-foreground">{label}:</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
