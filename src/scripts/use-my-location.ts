/** "Use my location" on /near (and /practices): the browser's geolocation, then the page with ?lat=&lon=&r=. */
export function startUseMyLocation(path = '/near'): void {
  const button = document.querySelector<HTMLButtonElement>('[data-locate]');
  const status = document.querySelector<HTMLElement>('[data-locate-status]');
  const radius = document.querySelector<HTMLSelectElement>('#near-r');
  if (!button || !('geolocation' in navigator)) return;
  button.hidden = false;
  button.addEventListener('click', () => {
    if (status) status.textContent = 'Finding your location…';
    button.disabled = true;
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const lat = pos.coords.latitude.toFixed(6);
        const lon = pos.coords.longitude.toFixed(6);
        location.assign(`${path}?lat=${lat}&lon=${lon}&r=${encodeURIComponent(radius?.value ?? '0.5')}&here=1`);
      },
      (err) => {
        button.disabled = false;
        if (status) {
          status.textContent =
            err.code === err.PERMISSION_DENIED
              ? 'Your browser did not share your location. Type an address instead.'
              : 'Your location could not be found. Type an address instead.';
        }
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
