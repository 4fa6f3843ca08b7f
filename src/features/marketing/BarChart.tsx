/**
 * A horizontal bar chart from divs: each row says its label and value in text (what screen
 * readers and narrow screens get), and the bar's width shows the share of the largest value.
 */
export function BarChart({
  title,
  rows,
  empty,
  unit = 'leads',
}: {
  title: string;
  rows: { label: string; value: number }[];
  empty: string;
  unit?: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const headingId = `chart-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((r) => (
            <li key={r.label} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3 text-sm">
              <span className="truncate" title={r.label}>
                {r.label}
              </span>
              <span className="h-3 rounded-full bg-muted" aria-hidden="true">
                <span
                  className="block h-3 rounded-full bg-accent"
                  style={{ width: `${Math.max(2, (r.value / max) * 100)}%` }}
                />
              </span>
              <span className="tabular-nums font-medium">
                {r.value.toLocaleString('en-US')}
                <span className="sr-only"> {unit}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
