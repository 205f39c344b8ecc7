/**
 * For browser journeys on a portal of their own with a real SMTP server (records requests, clarification,
 * paper pickup): signing in a demo account at that portal, and the private tracking link a mail carries.
 */
import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { expect } from './fixtures.ts';

export const DEMO_PASSWORD = 'rotterdam-demo-2026';

/** The tracking link in a requester's mail. */
export const trackingLinkIn = (mail: ParsedMail): string =>
  mail.text!.match(/https?:\/\/\S+\/requests\/track\/[A-Za-z0-9_-]{43}/)![0];

/** Sign a demo account in at `baseUrl` and wait for the greeting. */
export async function signInAt(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Good to see you/);
}
