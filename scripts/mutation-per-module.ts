/**
 * `npm run test:mutation` holds each rule module to the threshold, not only their total: Stryker's
 * `thresholds.break` applies to the score of the whole run, so one module at 75% passes beside others at
 * 100%. Reads the run's JSON report (mutation-testing-report-schema) and fails when any mutated file scores
 * under `thresholds.break`. The score is Stryker's: detected (killed, timed out) over valid mutants (detected,
 * survived, not covered); mutants ignored or that did not compile or run do not count.
 */
import fs from 'node:fs';
import path from 'node:path';
import config from '../stryker.config.mjs';

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

const reportName = config.jsonReporter?.fileName;
const floor = config.thresholds?.break;
if (!reportName || typeof floor !== 'number')
  throw new Error('stryker.config.mjs names no JSON report or break threshold');
const report = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', reportName), 'utf8')) as Report;
const DETECTED = new Set(['Killed', 'Timeout']);
const VALID = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

let failed = 0;
for (const [file, { mutants }] of Object.entries(report.files).sort()) {
  const valid = mutants.filter((m) => VALID.has(m.status)).length;
  if (valid === 0) continue;
  const score = (100 * mutants.filter((m) => DETECTED.has(m.status)).length) / valid;
  const under = score < floor;
  if (under) failed++;
  console.log(`${under ? '✗' : '✓'} ${score.toFixed(2).padStart(6)}%  ${file} (${valid} mutants)`);
}
if (failed) {
  console.error(`${failed} module(s) under ${floor}%: each rule module is held to it on its own.`);
  process.exit(1);
}
