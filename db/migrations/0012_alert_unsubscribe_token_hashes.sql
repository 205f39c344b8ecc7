-- Custom SQL migration file, put your code below! --

-- Alert unsubscribe tokens are no longer stored: the column now holds the SHA-256 of the token mails
-- carry. SQLite has no SHA-256 without an extension, so this SQL only renames the column (and adds the
-- column for the previous token's hash); the values are hashed in place by the start-up step right after
-- the migrations (hashPlainUnsubscribeTokens in src/lib/server/public/alerts/subscriptions.ts, called by
-- scripts/start.ts before the portal serves). A plain token is 43 characters, a hash 64 hex digits, so the
-- step knows which rows are still plain and is safe to run on every start. Renaming (rather than
-- rebuilding the table) keeps alert_deliveries, whose foreign key cascades on delete, untouched.
ALTER TABLE `alert_subscriptions` RENAME COLUMN `unsubscribe_token` TO `unsubscribe_token_hash`;
--> statement-breakpoint
ALTER TABLE `alert_subscriptions` ADD `previous_unsubscribe_token_hash` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_subscriptions_previous_unsubscribe_uq` ON `alert_subscriptions` (`previous_unsubscribe_token_hash`);
