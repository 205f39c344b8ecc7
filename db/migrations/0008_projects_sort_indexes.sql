DROP INDEX `projects_name_idx`;--> statement-breakpoint
DROP INDEX `projects_updated_idx`;--> statement-breakpoint
DROP INDEX `projects_start_idx`;--> statement-breakpoint
DROP INDEX `projects_noi_idx`;--> statement-breakpoint
CREATE INDEX `projects_name_idx` ON `projects` (`published`,`name`,`id`,`status`,`kind`);--> statement-breakpoint
CREATE INDEX `projects_updated_idx` ON `projects` (`published`,"updated_at" desc,`name`,`id`,`status`,`kind`);--> statement-breakpoint
CREATE INDEX `projects_start_idx` ON `projects` (`published`,`planned_start_on`,`name`,`id`,`status`,`kind`);--> statement-breakpoint
CREATE INDEX `projects_noi_idx` ON `projects` (`published`,"noi_received_on" desc,`name`,`id`,`status`,`kind`);