/**
 * Decision 0030: "Download all (ZIP)" of a 100-file release, through the built server over real HTTP.
 * The archive is streamed from the store as it is sent: the server's resident memory (VmRSS of its
 * process, sampled from /proc during the download) grows by far less than the archive's size, for a
 * fast client and for one that stops reading for a while (backpressure). The archive is a valid ZIP
 * (Info-ZIP's `unzip -t` checks every CRC), holds exactly the released files, and follows the single-file
 * rule: the tracking token only, released files only, never cached by shared caches.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#lib/server/platform/db.ts';
import { postAction } from '../support/http.ts';
import { startPortal, tempDir, type Portal } from '../support/portal.ts';

/**
 * Info-ZIP, run without blocking the event loop. Once, on a busy machine, the request after the two
 * downloads went out on their kept-alive socket as the portal closed it ("other side closed"). The likely
 * cause: a synchronous run of seconds kept the HTTP client's timers from retiring the idle socket before
 * the server's 5 s keep-alive timeout. Not reproduced in isolation; a failure of the test, not the portal.
 */
const unzip = async (...args: string[]) =>
  (await promisify(execFile)('unzip', args, { encoding: 'utf8', maxBuffer: 16 * MB })).stdout;

const FILES = 100;
const MB = 1024 * 1024;

let portal: Portal;
let token: string;
let unreleasedToken: string;
let expectedBytes = 0;
const names: string[] = [];

/** The server process's resident set size in bytes, from /proc (Linux). */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

async function makeRequest(freeText: string): Promise<string> {
  const res = await postAction(portal.url, '/requests/new', 'requests.submit', {
    formKey: `zip-stream-form-key-${freeText.length}-${randomBytes(6).toString('hex')}`.padEnd(43, 'z').slice(0, 43),
    intent: 'submit',
    freeText,
    delivery: 'electronic',
    name: 'Zip Tester',
    email: 'zip.tester@example.org',
  });
  expect(res.status).toBe(303);
  return /\/requests\/track\/([A-Za-z0-9_-]{43})/.exec(res.headers.get('location') ?? '')![1];
}

beforeAll(async () => {
  portal = await startPortal();
  token = await makeRequest('Every scanned inspection log of 2026, as files');
  unreleasedToken = await makeRequest('Scans not yet released');
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const number = (t: string) =>
    db.$client
      .prepare('select id from records_requests order by id desc limit 1 offset ?')
      .get(t === token ? 1 : 0) as { id: number };
  const requestId = number(token).id;
  const pendingId = number(unreleasedToken).id;
  const clerkId = (
    db.$client.prepare("select id from users where email = 'clerk@rotterdam.example'").get() as { id: number }
  ).id;
  const now = Date.now();
  const insert = db.$client.prepare(
    'insert into request_items (request_id, description, file_sha256, file_name, file_mime_type, file_size_bytes, released_at, added_by_user_id) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (let i = 1; i <= FILES; i++) {
    // 1.5–2 MB of random bytes each (incompressible), stored the way the file store names them.
    const bytes = randomBytes(1.5 * MB + ((i * 7919) % 1000) * 512);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const dir = path.join(portal.dataDir, 'files', sha.slice(0, 2));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, sha), bytes);
    // Two files share a title: the archive names them apart instead of overwriting one.
    const title = i === FILES ? 'Inspection log 1' : `Inspection log ${i}`;
    insert.run(requestId, title, sha, `scan-${i}.pdf`, 'application/pdf', bytes.length, now, clerkId);
    expectedBytes += bytes.length;
    names.push(title);
  }
  // One file on the other request, attached but not released.
  const sha = createHash('sha256').update('pending').digest('hex');
  fs.mkdirSync(path.join(portal.dataDir, 'files', sha.slice(0, 2)), { recursive: true });
  fs.writeFileSync(path.join(portal.dataDir, 'files', sha.slice(0, 2), sha), 'pending');
  insert.run(pendingId, 'Not yet', sha, 'pending.pdf', 'application/pdf', 7, null, clerkId);
  db.$client
    .prepare("update records_requests set status = 'fulfilled', fulfilled_on = '2026-12-01' where id = ?")
    .run(requestId);
  db.$client.close();
}, 300_000);

afterAll(async () => {
  await portal?.stop();
  // ~175 MB of files: not left behind in the temp directory.
  if (portal) fs.rmSync(portal.dataDir, { recursive: true, force: true });
});

/**
 * Download the ZIP to a file, sampling the server's RSS every 20 ms. `pauseMs` stops reading for that long
 * once 10 MB have arrived (a slow client): without backpressure the server would read the rest meanwhile.
 */
async function download(
  pauseMs = 0,
): Promise<{ file: string; res: Response; before: number; peak: number; bytes: number; pauseGrowth: number }> {
  const pid = portal.process.pid!;
  // Warm the route (its code, the database pages) so the baseline is the server at rest, not cold.
  // beforeAll writes its 175 MB synchronously after its last request: meanwhile this process's own idle
  // timer cannot drop the kept-alive connection, while the server closes it at its 5 s keep-alive timeout.
  // A GET that meets that race is retried once, as a browser does.
  const warm = () => fetch(`${portal.url}/requests/track/${token}`).then((r) => r.text());
  await warm().catch((err: { cause?: { code?: string } }) => {
    if (err.cause?.code !== 'UND_ERR_SOCKET') throw err;
    return warm();
  });
  await new Promise((r) => setTimeout(r, 300));
  const before = rss(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const file = path.join(tempDir('rsp-zip-'), 'download.zip');
  const out = fs.createWriteStream(file);
  const res = await fetch(`${portal.url}/requests/track/${token}/files.zip`);
  let bytes = 0;
  let paused = false;
  let pauseGrowth = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      if (pauseMs && !paused && bytes > 10 * MB) {
        paused = true;
        const atPause = rss(pid);
        await new Promise((r) => setTimeout(r, pauseMs));
        pauseGrowth = rss(pid) - atPause;
      }
    }
  } finally {
    clearInterval(timer);
    await new Promise<void>((r) => out.end(() => r()));
  }
  peak = Math.max(peak, rss(pid));
  return { file, res, before, peak, bytes, pauseGrowth };
}

describe('Download all (ZIP): a 100-file release streams with flat server memory', () => {
  it('is a valid ZIP of exactly the released files, with the headers of a private download', async () => {
    const { file, res, before, peak, bytes } = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="R-\d{4}-\d{4}-records\.zip"/);
    expect(Number(res.headers.get('content-length'))).toBe(bytes);
    expect(bytes).toBeGreaterThan(expectedBytes);

    const listing = (await unzip('-Z1', file)).trim().split('\n');
    expect(listing).toHaveLength(FILES);
    expect(listing).toContain('Inspection log 1.pdf');
    expect(listing).toContain('Inspection log 1 (2).pdf');
    expect(listing).toContain('Inspection log 99.pdf');
    expect(listing.some((n) => n.includes('Not yet') || n.includes('pending'))).toBe(false);
    // Every entry's CRC-32 and size checked by Info-ZIP.
    const tested = await unzip('-t', file);
    expect(tested).toContain('No errors detected');
    const sizes = await unzip('-Zl', file);
    expect(sizes).toContain(`${FILES} files, ${expectedBytes} bytes uncompressed`);

    const growth = peak - before;
    console.log(
      `ZIP of ${FILES} files: ${(bytes / MB).toFixed(1)} MB sent; server RSS ${(before / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB (growth ${(growth / MB).toFixed(1)} MB)`,
    );
    // Far below the archive: what remains is garbage the collector has not yet reclaimed (V8 collects once
    // about 64 MB of buffers are outstanding), never the archive itself.
    // Measured 46–107 MB from machine to machine and run to run (the RSS before depends on when V8 last
    // collected, and a busy machine collects later); an archive held in memory would add all of its 174 MB on
    // top of that garbage, so the bound sits between the two.
    expect(growth).toBeLessThan(bytes * 0.75);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('a client that stops reading for 3 seconds does not make the server read ahead into memory (backpressure)', async () => {
    const { file, before, peak, bytes, pauseGrowth } = await download(3000);
    expect(bytes).toBeGreaterThan(expectedBytes);
    expect(await unzip('-t', file)).toContain('No errors detected');
    const growth = peak - before;
    console.log(
      `Slow client (3 s pause): ${(bytes / MB).toFixed(1)} MB sent; server RSS ${(before / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB (growth ${(growth / MB).toFixed(1)} MB; ${(pauseGrowth / MB).toFixed(1)} MB during the pause)`,
    );
    // Without backpressure the server reads the rest of the archive (~100 MB) into memory during the pause.
    expect(pauseGrowth).toBeLessThan(16 * MB);
    expect(growth).toBeLessThan(64 * MB);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('answers 404 without the tracking token, for a tampered one, and when nothing is released yet', async () => {
    expect((await fetch(`${portal.url}/requests/track/${unreleasedToken}/files.zip`)).status).toBe(404);
    expect(
      (await fetch(`${portal.url}/requests/track/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}/files.zip`))
        .status,
    ).toBe(404);
    expect((await fetch(`${portal.url}/requests/track/not-a-token/files.zip`)).status).toBe(404);
  });

  it('the tracking page offers one "Download all (ZIP)" link beside the files', async () => {
    const html = await (await fetch(`${portal.url}/requests/track/${token}`)).text();
    expect(html.match(/Download all \(ZIP/g)).toHaveLength(1);
    expect(html).toContain(`/requests/track/${token}/files.zip`);
    const pending = await (await fetch(`${portal.url}/requests/track/${unreleasedToken}`)).text();
    expect(pending).not.toContain('Download all (ZIP');
  });
});
