ALTER TABLE `projects` ADD `exemption_recorded_by` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `exemption_recorded_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `billed_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `access_due_on` text;--> statement-breakpoint
-- Requests billed before this column existed: the first cost-approval request or issued invoice, as a town day
-- (Eastern Standard Time; an instant within an hour of midnight in summer may land a day early, which only
-- ever counts a promise as met, never as missed).
UPDATE `records_requests` SET `billed_on` = (
  SELECT date(min(t) / 1000, 'unixepoch', '-5 hours') FROM (
    SELECT `records_requests`.`cost_approval_requested_at` AS t
    UNION ALL SELECT `issued_at` FROM `invoices` WHERE `invoices`.`request_id` = `records_requests`.`id`
  ) WHERE t IS NOT NULL
) WHERE `billed_on` IS NULL;
