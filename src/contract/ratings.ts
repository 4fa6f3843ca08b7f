import { MARKETPLACE } from './marketplace.ts';

/**
 * How a mechanic's standing is said on every card an owner compares (a booking offer, an AOG
 * offer): the average with how many ratings it averages, and the completed jobs, each named. A
 * mechanic nobody rated yet is "New · no ratings yet", never "5.0" (the profile's starting value).
 */
export function ratingPhrase(m: { rating: number | null; ratingCount: number; completedJobs: number }): string {
  const jobs = m.completedJobs > 0 ? ` · ${completedJobsText(m.completedJobs)}` : '';
  if (m.ratingCount <= 0 || m.rating === null) return `${MARKETPLACE.newMechanicLabel}${jobs}`;
  return `${m.rating.toFixed(1)} from ${m.ratingCount} ${m.ratingCount === 1 ? 'rating' : 'ratings'}${jobs}`;
}

export const completedJobsText = (n: number): string => `${n} completed ${n === 1 ? 'job' : 'jobs'}`;
