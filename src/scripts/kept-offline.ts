/**
 * A page with a form filled in at a site asks the service worker (public/sw.js) to keep it on the device, so it
 * opens again without a signal (decision 0111). The worker is registered here, on such pages only; it keeps a
 * page only when the server marks it so. The page reports the scripts and styles it loaded, which the worker
 * keeps with it (on the first visit the worker did not see them load).
 */
export async function keepThisPageOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const { active } = await navigator.serviceWorker.ready;
    const assets = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${location.origin}/_astro/`));
    active?.postMessage({ keep: `${location.origin}${location.pathname}`, assets });
  } catch {
    // No worker (a private window, storage full): the form still works while there is a signal.
  }
}
