import { describe, expect, it } from 'vitest';
import { ratingPhrase } from './ratings.ts';

describe('ratingPhrase', () => {
  it('says "New · no ratings yet" for a mechanic nobody rated, whatever the profile holds', () => {
    expect(ratingPhrase({ rating: 5, ratingCount: 0, completedJobs: 1 })).toBe(
      'New · no ratings yet · 1 completed job',
    );
    expect(ratingPhrase({ rating: null, ratingCount: 0, completedJobs: 0 })).toBe('New · no ratings yet');
  });
  it('names the average, how many ratings it averages and the completed jobs, in the singular for one', () => {
    expect(ratingPhrase({ rating: 4.5, ratingCount: 1, completedJobs: 3 })).toBe(
      '4.5 from 1 rating · 3 completed jobs',
    );
    expect(ratingPhrase({ rating: 4.25, ratingCount: 12, completedJobs: 1 })).toBe(
      '4.3 from 12 ratings · 1 completed job',
    );
  });
});
