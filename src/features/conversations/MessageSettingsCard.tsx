import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Checkbox } from '../../components/ui/field.tsx';
import { CONVERSATIONS, type MessageSettings } from '../../contract/conversations.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { call } from '../../lib/api-client.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';

/** How an unread message reaches the user away from the screen: by email (the Notifications preference) and, if asked, by text. */
export function MessageSettingsCard() {
  const [settings, setSettings] = useState<MessageSettings | null>(null);
  useEffect(() => {
    call(ROUTES.messageSettings)
      .then(setSettings)
      .catch((e: unknown) => console.warn('Loading message settings failed', e));
  }, []);
  const save = useWrite(ROUTES.messageSettingsSave, {
    fallback: 'Could not save',
    onSuccess: setSettings,
    onError: (_message, e) => toast.error('Could not save', { description: detailOf(e) }),
  });
  if (!settings) return null;
  return (
    <div className="space-y-1 text-sm text-muted-foreground" data-message-settings>
      <p>
        A message unread for {CONVERSATIONS.digestAfterMinutes} minutes is sent to you by email
        {settings.emailNotifications ? '' : ' (emails are off in Notifications)'}, at most once an hour per conversation
        and never between 9 pm and 7 am your time{settings.timeZone ? ` (${settings.timeZone})` : ''}.
      </p>
      {settings.hasPhone ? (
        <Checkbox
          id="message-sms"
          label="Also send me a text message"
          checked={settings.smsDigest}
          onChange={(e) => void save.run({ body: { smsDigest: e.target.checked } })}
        />
      ) : (
        <p>Add a phone number to your account to get these by text too.</p>
      )}
    </div>
  );
}
