import { Input } from '../../../../components/ui/field.tsx';
import { WEEKDAYS, type BusinessHours, type Weekday } from '../../../../contract/business-hours.ts';

const DEFAULT_DAY = { open: '08:00', close: '17:00' };

/** Business hours as a week: each day open (from, to) or closed. */
export function WeekGrid({
  idPrefix,
  value,
  onChange,
  dayErrors,
}: {
  idPrefix: string;
  value: BusinessHours;
  onChange: (value: BusinessHours) => void;
  dayErrors: Partial<Record<Weekday, string>>;
}) {
  const set = (day: Weekday, hours: BusinessHours[Weekday]) => onChange({ ...value, [day]: hours });
  return (
    <ul className="max-w-xl space-y-2 text-sm" aria-label="Business hours by day">
      {WEEKDAYS.map((d) => {
        const hours = value[d.value];
        const error = dayErrors[d.value];
        const errorId = `${idPrefix}-${d.value}-error`;
        const timeAria = {
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        } as const;
        return (
          <li key={d.value} data-testid={`hours-${d.value}`}>
            {/* Wraps under the day on a phone; one line from 640 px. */}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <label className="flex w-32 cursor-pointer items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-accent"
                  aria-label={`Open on ${d.label}`}
                  checked={hours !== null}
                  onChange={(e) => set(d.value, e.target.checked ? DEFAULT_DAY : null)}
                />
                <span aria-hidden="true">{d.label}</span>
              </label>
              {hours ? (
                <span className="flex items-center gap-2">
                  <span className="w-32">
                    <Input
                      type="time"
                      id={`${idPrefix}-${d.value}-open`}
                      aria-label={`${d.label} opens at`}
                      value={hours.open}
                      step={900}
                      onChange={(e) => set(d.value, { ...hours, open: e.target.value })}
                      {...timeAria}
                    />
                  </span>
                  <span aria-hidden="true">to</span>
                  <span className="w-32">
                    <Input
                      type="time"
                      id={`${idPrefix}-${d.value}-close`}
                      aria-label={`${d.label} closes at`}
                      value={hours.close}
                      step={900}
                      onChange={(e) => set(d.value, { ...hours, close: e.target.value })}
                      {...timeAria}
                    />
                  </span>
                </span>
              ) : (
                <span className="text-muted-foreground">Closed</span>
              )}
            </div>
            {error && (
              <p id={errorId} role="alert" className="mt-1 text-xs text-destructive">
                {error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
