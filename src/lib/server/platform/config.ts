/**
 * Per-deployment configuration, read from the environment at run time (never frozen at build).
 * Everything the portal writes lives under DATA_DIR.
 */
import path from 'node:path';

export const TOWN_TIME_ZONE = 'America/New_York';

export interface Config {
  dataDir: string;
  databasePath: string;
  filesDir: string;
  mailDir: string;
  host: string;
  port: number;
  /** Absolute base URL used in emails and site postings. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Largest accepted upload, in bytes (MAX_UPLOAD_MB, default 25). */
  maxUploadBytes: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const host = env.HOST || 'localhost';
  const port = Number(env.PORT || 4321);
  return {
    dataDir,
    databasePath: path.resolve(env.DATABASE_PATH || path.join(dataDir, 'portal.db')),
    filesDir: path.join(dataDir, 'files'),
    mailDir: path.join(dataDir, 'mail'),
    host,
    port,
    publicUrl: (env.PUBLIC_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    /** Empty: the town profile's sender (platform/town-profile.ts townMailFrom). */
    mailFrom: env.MAIL_FROM || '',
    maxUploadBytes: Math.round((Number(env.MAX_UPLOAD_MB) || 25) * 1024 * 1024),
  };
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}
