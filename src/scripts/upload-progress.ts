/**
 * Progressive enhancement for file-upload forms: send with XMLHttpRequest to show upload progress.
 * On success the server redirects (post/redirect/get) and the browser follows; when it refuses the
 * filing, the page it rendered (errors beside each field) replaces the main content in place.
 */

/**
 * Said on the document when a refused filing's page has replaced the main content: a page whose script draws
 * into its form (the report form's map and pin) draws again, since the new content comes without it.
 */
export const MAIN_REPLACED = 'portal:main-replaced';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function enhance(form: HTMLFormElement): void {
  if (form.dataset.enhanced === 'true') return;
  form.dataset.enhanced = 'true';
  const box = document.createElement('div');
  box.className = 'upload-progress';
  box.hidden = true;
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  text.setAttribute('aria-live', 'polite');
  const bar = document.createElement('progress');
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute('aria-label', 'Upload progress');
  box.append(text, bar);
  (form.querySelector('[data-upload-progress-slot]') ?? form).append(box);

  form.addEventListener('submit', (event) => {
    if (typeof XMLHttpRequest === 'undefined' || typeof FormData === 'undefined') return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(form);
    if (submitter?.name) data.append(submitter.name, submitter.value);
    const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])')];
    buttons.forEach((b) => (b.disabled = true));
    box.hidden = false;
    text.textContent = 'Starting the upload…';
    const target = form.getAttribute('action') || window.location.href;
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target);
    xhr.upload.addEventListener('progress', (e) => {
      if (!e.lengthComputable) return;
      const pct = Math.floor((e.loaded / e.total) * 100);
      bar.value = pct;
      text.textContent = `Uploading: ${pct}% (${megabytes(e.loaded)} of ${megabytes(e.total)})`;
    });
    xhr.upload.addEventListener('load', () => {
      bar.removeAttribute('value');
      text.textContent = 'Upload complete. Checking the file…';
    });
    xhr.addEventListener('load', () => {
      const landed = new URL(xhr.responseURL || target, window.location.href);
      const posted = new URL(target, window.location.href);
      // Redirected: filed (or the session ended and sign-in is needed). Go where the server sent us.
      if (landed.pathname !== posted.pathname) {
        window.location.assign(landed.href);
        return;
      }
      const doc = new DOMParser().parseFromString(xhr.responseText, 'text/html');
      const next = doc.querySelector('main');
      const current = document.querySelector('main');
      if (!next || !current) {
        window.location.reload();
        return;
      }
      current.replaceWith(next);
      document.title = doc.title;
      enhanceUploadForms();
      document.dispatchEvent(new CustomEvent(MAIN_REPLACED));
      const alert = next.querySelector<HTMLElement>('[data-error-summary], [data-warning-summary]');
      if (alert) {
        alert.tabIndex = -1;
        alert.focus();
      }
    });
    xhr.addEventListener('error', () => {
      buttons.forEach((b) => (b.disabled = false));
      text.textContent = 'The upload did not reach the portal’s server. Check your connection and try again.';
    });
    xhr.send(data);
  });
}

export function enhanceUploadForms(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-upload-progress]').forEach(enhance);
}
