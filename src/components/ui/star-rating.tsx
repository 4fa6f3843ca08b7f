import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from './cn.ts';

/**
 * 1-5 stars as a native radio group: arrow keys move, the label of each is read out ('3 stars'),
 * and the chosen star and those before it are filled.
 */
export function StarRating({
  value,
  onChange,
  legend = 'Rating',
}: {
  value: number | null;
  onChange: (n: number) => void;
  legend?: string;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              className={cn(
                'h-8 w-8',
                value !== null && n <= value ? 'fill-highlight text-highlight' : 'text-muted-foreground',
              )}
              aria-hidden="true"
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A read-only rating, e.g. on a rated appointment. */
export function Stars({ value }: { value: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn('h-4 w-4', n <= Math.round(value) ? 'fill-highlight text-highlight' : 'text-muted-foreground')}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
