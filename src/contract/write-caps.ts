/**
 * Caps on the writes that send email (docs/decisions/0183). Each of these
 * writes notifies someone by email; a script could otherwise send an owner 73 change orders in a
 * minute. Per hour, per user and (for change orders) per job. Over a cap: 429 with the sentence
 * and Retry-After.
 */
export const WRITE_CAPS = {
  changeOrdersPerJob: { limit: 10, windowSeconds: 3600 },
  changeOrdersPerUser: { limit: 30, windowSeconds: 3600 },
  requestsPerUser: { limit: 10, windowSeconds: 3600 },
  bidsPerUser: { limit: 60, windowSeconds: 3600 },
} as const;

export type WriteCap = keyof typeof WRITE_CAPS;

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

/** The 429 sentence of each cap, with when to try again. */
export const WRITE_CAP_MESSAGES: Record<WriteCap, (retryAfterSeconds: number) => string> = {
  changeOrdersPerJob: (s) =>
    `This job already has ${WRITE_CAPS.changeOrdersPerJob.limit} change orders from the last hour, and each one emails the owner. Put the remaining lines in one change order, or try again in ${minutes(s)}.`,
  changeOrdersPerUser: (s) =>
    `You sent ${WRITE_CAPS.changeOrdersPerUser.limit} change orders in the last hour. Try again in ${minutes(s)}.`,
  requestsPerUser: (s) =>
    `You made ${WRITE_CAPS.requestsPerUser.limit} service requests in the last hour. Try again in ${minutes(s)}.`,
  bidsPerUser: (s) => `You sent ${WRITE_CAPS.bidsPerUser.limit} quotes in the last hour. Try again in ${minutes(s)}.`,
};

/**
 * Notification emails to one person that arrive together go as one email: each waits this long
 * before it is sent, and the ones that come meanwhile join it.
 */
export const NOTIFICATION_EMAIL_GATHER_SECONDS = 120;
