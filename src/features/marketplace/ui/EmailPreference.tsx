import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client.ts';

/** "Also email me these notifications": the user's choice, saved as soon as it changes. */
export function EmailPreference() {
  const id = useId();
  const [value, setValue] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<{ emailNotifications: boolean }>('/enhanced/notifications/preferences')
      .then((r) => setValue(r.emailNotifications))
      .catch((e) => console.warn('Could not load the email preference', e));
  }, []);

  const change = async (next: boolean) => {
    setSaving(true);
    setValue(next);
    try {
      await api('/enhanced/notifications/preferences', { method: 'PUT', body: { emailNotifications: next } });
      toast.success(next ? 'Notifications will also be emailed to you' : 'Notification emails turned off');
    } catch {
      setValue(!next);
      toast.error('Failed to save your email preference');
    } finally {
      setSaving(false);
    }
  };

  if (value === null) return null;
  return (
    <label htmlFor={id} className="mt-3 flex cursor-pointer items-center gap-2 border-t border-border pt-3 text-sm">
      <input id={id} type="checkbox" className="h-4 w-4 accent-accent" checked={value} disabled={saving} onChange={(e) => void change(e.target.checked)} />
      Also email me these notifications
    </label>
  );
}
