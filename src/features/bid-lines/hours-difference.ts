/**
 * A quote's hours against the median of the quotes, to the tenth: "+2.8 h", "−2.8 h", "±0 h". The
 * size is rounded before the sign is put back, so two quotes the same distance either side of the
 * median read the same (Math.round alone takes −2.75 to −2.7 and +2.75 to +2.8).
 */
export function hoursVsMedian(n: number): string {
  const size = Math.round(Math.abs(n) * 10) / 10;
  return `${size === 0 ? '±' : n > 0 ? '+' : '−'}${size} h`;
}
