import { toast } from 'sonner';
import type { InvitationClaim } from '../../contract/inbox.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { keepDraft } from './invitation.ts';

/**
 * Claims the invitation with the new account's token (it is not stored yet at this point) and
 * keeps the drafted request for the dashboard. A failure never undoes the sign-up: it is said, and
 * the account works without the draft.
 */
export async function claimAfterSignUp(invitationToken: string, accessToken: string): Promise<void> {
  try {
    const res = await fetch(ROUTES.invitationClaim.path, {
      method: ROUTES.invitationClaim.method,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${accessToken}`,
      },
      body: JSON.stringify({ token: invitationToken }),
    });
    const body = (await res.json().catch(() => ({}))) as Partial<InvitationClaim> & { detail?: string };
    if (!res.ok || !body.draft) throw new Error(body.detail ?? `status ${res.status}`);
    keepDraft(body as InvitationClaim);
  } catch (error) {
    toast.error('Your invitation could not be opened', {
      description: error instanceof Error ? error.message : undefined,
    });
  }
}
