import { atom, computed } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CONVERSATIONS, type ConversationSummary } from '../../contract/conversations.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { call } from '../../lib/api-client.ts';
import { write } from '../../lib/write.ts';
import { $nextCursors, listPathOf } from '../../lib/next-cursor.ts';
import { PAGING } from '../../contract/paging.ts';

/**
 * The signed-in user's threads with their unread counts, shared by the Messages tab, the bell and
 * the request and appointment cards: one list call every 30 s while the page is visible (and after
 * each write), never one per card.
 */
export const $threads = atom<ConversationSummary[] | null>(null);
export const $threadsFailed = atom(false);
/** The thread the Messages tab should show (set by a card's Message button). */
export const $openThreadId = atom<string | null>(null);
/** Bumped to ask the dashboard for its Messages tab without a particular thread (the bell). */
export const $messagesTabAsked = atom(0);
/**
 * The list is paged (docs/decisions/0201-cursor-paging.md): the next page's cursor (null on the
 * last), and the unread messages of the threads not loaded, so the badge counts every thread.
 */
export const $threadsNext = atom<string | null>(null);
const $unreadNotLoaded = atom(0);
const unreadOf = (list: readonly ConversationSummary[]) => list.reduce((n, t) => n + t.unread, 0);
export const $unreadMessages = computed([$threads, $unreadNotLoaded], (list, rest) => unreadOf(list ?? []) + rest);
/** Pages loaded beyond the first (a poll reads the first again and keeps them). */
let morePages = false;
const LIST_PATH = listPathOf(ROUTES.conversations.path);

let inflight: Promise<void> | null = null;
export function reloadThreads(): Promise<void> {
  inflight ??= Promise.all([call(ROUTES.conversations), call(ROUTES.conversationsUnread)])
    .then(([first, { unread }]) => {
      const firstIds = new Set(first.map((t) => t.id));
      const older = morePages ? ($threads.get() ?? []).filter((t) => !firstIds.has(t.id)) : [];
      const list = [...first, ...older];
      $threads.set(list);
      if (!morePages) $threadsNext.set($nextCursors.get()[LIST_PATH] ?? null);
      $unreadNotLoaded.set(Math.max(0, unread - unreadOf(list)));
      $threadsFailed.set(false);
    })
    .catch((e: unknown) => {
      console.warn('Loading conversations failed', e);
      $threadsFailed.set(true);
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Loads the next page of threads after those shown. */
export async function loadMoreThreads(): Promise<void> {
  const cursor = $threadsNext.get();
  if (!cursor) return;
  const page = await call(ROUTES.conversations, { query: { cursor, limit: PAGING.defaultLimit } });
  const shown = $threads.get() ?? [];
  const ids = new Set(shown.map((t) => t.id));
  const fresh = page.filter((t) => !ids.has(t.id));
  morePages = true;
  $threads.set([...shown, ...fresh]);
  $threadsNext.set($nextCursors.get()[LIST_PATH] ?? null);
  $unreadNotLoaded.set(Math.max(0, $unreadNotLoaded.get() - unreadOf(fresh)));
}

/** Replaces one thread's summary in the list (after reading or writing in it). */
export function updateThread(summary: ConversationSummary): void {
  const list = $threads.get() ?? [];
  const rest = list.filter((t) => t.id !== summary.id);
  $threads.set([summary, ...rest].sort((a, b) => (b.lastMessage?.at ?? '').localeCompare(a.lastMessage?.at ?? '')));
}

/** A thread just opened (or found) for a card: into the list, and the Messages tab asked to show it. */
export function showThread(summary: ConversationSummary): void {
  updateThread(summary);
  $openThreadId.set(summary.id);
}

const ZONE_SENT_KEY = 'skyward.timeZoneSent';
let pollers = 0;
let loadedFor: string | null = null;
/**
 * Keeps the list fresh while a dashboard is mounted, and tells the server the browser's time zone
 * once (quiet hours are the reader's: docs/decisions/0221-message-digest.md).
 */
export function useThreadPolling(userId: string): void {
  useEffect(() => {
    pollers += 1;
    if (pollers === 1) {
      // Another account may have used this page before: never show its threads, even for a moment.
      if (loadedFor !== userId) {
        $threads.set(null);
        $threadsNext.set(null);
        $unreadNotLoaded.set(0);
        morePages = false;
      }
      loadedFor = userId;
      void reloadThreads();
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      // Once per browser session (and again when the zone changes), not on every dashboard load.
      if (zone && sessionStorage.getItem(ZONE_SENT_KEY) !== `${userId} ${zone}`) {
        write(ROUTES.messageSettingsSave, { body: { timeZone: zone } })
          .then(() => sessionStorage.setItem(ZONE_SENT_KEY, `${userId} ${zone}`))
          .catch((e: unknown) => console.warn('Saving the time zone failed', e));
      }
    }
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reloadThreads();
    }, CONVERSATIONS.unreadPollMs);
    return () => {
      pollers -= 1;
      clearInterval(timer);
    };
  }, [userId]);
}

/** Unread messages in the threads of one request (all its mechanics for the owner). */
export function useUnreadFor(serviceRequestId: string, mechanicId?: string): number {
  const list = useStore($threads);
  return (list ?? [])
    .filter((t) => t.serviceRequestId === serviceRequestId && (!mechanicId || t.otherParty.id === mechanicId))
    .reduce((n, t) => n + t.unread, 0);
}

/** Switches a dashboard to its Messages tab whenever a card asks for a thread. */
export function useShowMessagesTab(show: () => void): void {
  const wanted = useStore($openThreadId);
  const asked = useStore($messagesTabAsked);
  useEffect(() => {
    if (wanted || asked) show();
  }, [wanted, asked, show]);
}
