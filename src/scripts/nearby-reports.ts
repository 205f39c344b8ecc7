/**
 * "Is it one of these?" on the report form, kept up with the pin: each time the resident puts the pin
 * somewhere else, the reports already open near it are fetched from /reports/nearby.json and listed in place
 * of the ones the page came with. Only the last pin counts (an earlier answer arriving late is dropped). If
 * the fetch fails, the list is left as it was: it is a help, not part of the form.
 */
interface NearbyReport {
  number: string;
  path: string;
  category: string;
  details: string;
}

/** The function to call with the pin's new place. Does nothing on a page without the list. */
export function followNearbyReports(): (lat: number, lon: number) => void {
  const section = document.querySelector<HTMLElement>('[data-nearby-reports]');
  const list = document.querySelector<HTMLElement>('[data-nearby-list]');
  const status = document.querySelector<HTMLElement>('[data-nearby-status]');
  if (!section || !list) return () => {};
  let asking: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (reports: NearbyReport[]) => {
    const items = reports.map((r) => {
      const li = document.createElement('li');
      const link = document.createElement('a');
      link.href = r.path;
      link.textContent = `${r.number}: ${r.category}`;
      const details = document.createElement('span');
      details.className = 'muted';
      details.textContent = r.details;
      const add = document.createElement('a');
      add.href = `${r.path}/add`;
      add.textContent = `Add to ${r.number}`;
      li.append(link, ' · ', add, document.createElement('br'), details);
      return li;
    });
    list.replaceChildren(...items);
    section.hidden = reports.length === 0;
    if (status)
      status.textContent = reports.length
        ? `${reports.length === 1 ? 'One report is' : `${reports.length} reports are`} already open near this place: see “Is it one of these?” after the address.`
        : '';
  };

  return (lat, lon) => {
    clearTimeout(timer);
    // A short pause: a resident tapping twice to correct the pin asks once.
    timer = setTimeout(async () => {
      asking?.abort();
      const mine = (asking = new AbortController());
      try {
        const res = await fetch(`/reports/nearby.json?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}`, {
          signal: mine.signal,
        });
        if (!res.ok) return;
        const body = (await res.json()) as { reports: NearbyReport[] };
        if (mine === asking) show(body.reports);
      } catch {
        // Aborted by a newer pin, or offline: keep what is shown.
      }
    }, 250);
  };
}
