/**
 * Progressive enhancement for file-upload forms: send with XMLHttpRequest to show upload progress.
 * On success the server redirects (post/redirect/get) and the browser follows; when it refuses the
 * filing, the page it rendered (errors beside each field) replaces the main content in place. A form marked
 * `data-offline-queue` that finds no connection is kept on the device and sent when one returns
 * (offline-queue.ts), and its page is kept so it opens without a signal (kept-offline.ts).
 */
import { keepThisPageOffline } from './kept-offline.ts';
import { asFormData, canKeepFilings, forgetFiling, keepFiling, keptFiling } from './offline-queue.ts';

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

  const target = new URL(form.getAttribute('action') || window.location.href, window.location.href).href;
  const keepsOffline = form.hasAttribute('data-offline-queue') && canKeepFilings();
  // Kept per account: on a shared device, another person signed in never sends someone else's report.
  const keptAs = `${form.dataset.offlineQueue ?? ''}|${target}`;
  const buttons = () => [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])')];
  const say = (words: string) => {
    box.hidden = false;
    text.textContent = words;
  };

  const answered = (xhr: XMLHttpRequest) => {
    const landed = new URL(xhr.responseURL || target, window.location.href);
    const posted = new URL(target);
    // Redirected: filed (or the session ended and sign-in is needed). Go where the server sent us. A page that
    // takes its own upload redirects to itself with a word in the query (?saved=…): that is a redirect too.
    if (landed.pathname + landed.search !== posted.pathname + posted.search) {
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
  };

  const send = (data: FormData, kept: boolean) => {
    buttons().forEach((b) => (b.disabled = true));
    say(kept ? 'Sending the report kept on this device…' : 'Starting the upload…');
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
      // The server answered: whatever it said, the copy kept on the device has done its work (forgotten before
      // the form is drawn again, which would otherwise find it and send it once more).
      const forgotten = keepsOffline ? forgetFiling(keptAs).catch(() => {}) : Promise.resolve();
      void forgotten.then(() => answered(xhr));
    });
    xhr.addEventListener('error', () => {
      buttons().forEach((b) => (b.disabled = false));
      if (!keepsOffline) {
        say('The upload did not reach the portal’s server. Check your connection and try again.');
        return;
      }
      // No signal at the site: keep the whole filing here and send it when the connection returns.
      keepFiling(keptAs, data).then(
        () => {
          say(
            'No connection: your report is saved on this device and will be sent when the connection returns. ' +
              'Keep this page open, or come back to it.',
          );
          window.addEventListener('online', () => void sendKept(), { once: true });
        },
        () => say('The upload did not reach the portal’s server, and this browser could not keep it. Try again.'),
      );
    });
    xhr.send(data);
  };

  const sendKept = async () => {
    const kept = await keptFiling(keptAs).catch(() => undefined);
    if (kept) send(asFormData(kept), true);
  };

  form.addEventListener('submit', (event) => {
    if (typeof XMLHttpRequest === 'undefined' || typeof FormData === 'undefined') return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(form);
    if (submitter?.name) data.append(submitter.name, submitter.value);
    send(data, false);
  });

  // A report kept while offline, this page opened again: send it now if there is a connection, else when it returns.
  if (keepsOffline)
    void keptFiling(keptAs)
      .catch(() => undefined)
      .then((kept) => {
        if (!kept) return;
        const when = new Date(kept.savedAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
        say(`A report saved on this device at ${when} is waiting for a connection to be sent.`);
        if (navigator.onLine) void sendKept();
        else window.addEventListener('online', () => void sendKept(), { once: true });
      });
}

export function enhanceUploadForms(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-upload-progress]').forEach(enhance);
  // A form filled in at a site: the page itself is kept too, so it opens again without a signal.
  if (document.querySelector('form[data-offline-queue]')) void keepThisPageOffline();
}
