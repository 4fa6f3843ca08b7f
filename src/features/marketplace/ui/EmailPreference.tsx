import { useId } from 'react';
import { toast } from 'sonner';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { useRoute } from '../../../lib/use-query.ts';

/** "Also email me these notifications": the user's choice, saved as soon as it changes. */
export function EmailPreference() {
  const id = useId();
  const preference = useRoute(ROUTES.emailPreference, undefined, {
    onError: (e) => console.warn('Could not load the email preference', e),
  });
  const value = preference.data?.emailNotifications ?? null;
  const setValue = (emailNotifications: boolean) => preference.setData({ emailNotifications });
  // The answer is the saved preference: it goes into the cache as it is.
  const save = useWrite(ROUTES.emailPreferenceSave, {
    fallback: 'Failed to save your email preference',
    onSuccess: (saved) => preference.setData(saved),
  });
  const saving = save.pending;

  const change = async (next: boolean) => {
    // Shown at once; put back if the server refuses.
    setValue(next);
    if ((await save.run({ body: { emailNotifications: next } })).ok) {
      toast.success(next ? 'Notifications will also be emailed to you' : 'Notification emails turned off');
    } else {
      setValue(!next);
      toast.error('Failed to save your email preference');
    }
  };

  if (value === null) return null;
  return (
    <label htmlFor={id} className="mt-3 flex cursor-pointer items-center gap-2 border-t border-border pt-3 text-sm">
      <input
        id={id}
        type="checkbox"
        className="h-4 w-4 accent-accent"
        checked={value}
        disabled={saving}
        onChange={(e) => void change(e.target.checked)}
      />
      Also email me these notifications
    </label>
  );
}
