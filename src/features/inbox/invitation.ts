import { INVITATION_LINK, type InvitationClaim, type ServiceRequestDraft } from '../../contract/inbox.ts';

/**
 * The sign-up invitation a converted quote request sends (docs/decisions/0210): its link opens the
 * Sign Up tab with the email filled in; once the account exists the invitation is claimed and the
 * drafted request waits (this tab's sessionStorage) for the pilot dashboard to open it.
 */
export function invitationFromUrl(search: string): { email: string; token: string } | null {
  const params = new URLSearchParams(search);
  const token = params.get(INVITATION_LINK.tokenParam);
  if (!params.has(INVITATION_LINK.signupParam) || !token) return null;
  return { email: params.get(INVITATION_LINK.emailParam) ?? '', token };
}

export function currentInvitation(): { email: string; token: string } | null {
  return typeof window === 'undefined' ? null : invitationFromUrl(window.location.search);
}

const DRAFT_KEY = 'skyward.inbox.draft';

export type DraftToOpen = ServiceRequestDraft & { aircraftId: string | null };

export function keepDraft(claim: InvitationClaim): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...claim.draft, aircraftId: claim.aircraftId }));
  } catch {
    /* storage refused (private mode): the aircraft is in My Aircraft all the same */
  }
}

/** The drafted request, once: reading it removes it. */
export function takeDraft(): DraftToOpen | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(DRAFT_KEY);
    return JSON.parse(raw) as DraftToOpen;
  } catch {
    return null;
  }
}
