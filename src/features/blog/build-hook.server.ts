/** How long an admin save may wait for Netlify to accept the build request. */
const HOOK_TIMEOUT_MS = 2500;

/**
 * Asks Netlify for a new build (NETLIFY_BUILD_HOOK_URL, when configured) so that published
 * changes get prerendered. Until then the client-rendered fallback serves new posts. Awaited with
 * a short timeout rather than left dangling: a function may be frozen as soon as it answers.
 * Never throws: a failed hook is logged, the admin's change is already saved.
 */
export async function requestRebuild(reason: string, url = process.env['NETLIFY_BUILD_HOOK_URL']): Promise<boolean> {
  if (!url) return false;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trigger: 'blog', reason }),
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    if (!res.ok) console.error(`Build hook answered ${res.status} (${reason})`);
    return res.ok;
  } catch (error) {
    console.error(`Build hook failed (${reason}):`, error instanceof Error ? error.message : error);
    return false;
  }
}
