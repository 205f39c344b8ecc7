-- Custom SQL migration file, put your code below! --
-- Decision 0080, section 5: every tenant table answers only the transaction's tenant
-- (`select set_config('app.tenant', '<id>', true)`). With no setting, current_setting(…, true) is null or
-- '' (after a transaction that set it locally): nothing is read and every insert fails the check. `force`
-- holds the tables' owner to the policy too; only a role with BYPASSRLS (portal_system) sees across tenants.
-- `tenants`, the registry, is not a tenant table.
ALTER TABLE "alert_deliveries" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "alert_deliveries" FORCE ROW LEVEL SECURITY;
CREATE POLICY "alert_deliveries_tenant" ON "alert_deliveries" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "alert_events" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "alert_events" FORCE ROW LEVEL SECURITY;
CREATE POLICY "alert_events_tenant" ON "alert_events" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "alert_subscriptions" FORCE ROW LEVEL SECURITY;
CREATE POLICY "alert_subscriptions_tenant" ON "alert_subscriptions" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;
CREATE POLICY "audit_log_tenant" ON "audit_log" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "auth_tokens" FORCE ROW LEVEL SECURITY;
CREATE POLICY "auth_tokens_tenant" ON "auth_tokens" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "calendar_feed_tokens" FORCE ROW LEVEL SECURITY;
CREATE POLICY "calendar_feed_tokens_tenant" ON "calendar_feed_tokens" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "closures" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "closures" FORCE ROW LEVEL SECURITY;
CREATE POLICY "closures_tenant" ON "closures" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "corrective_actions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "corrective_actions" FORCE ROW LEVEL SECURITY;
CREATE POLICY "corrective_actions_tenant" ON "corrective_actions" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "denial_grounds" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "denial_grounds" FORCE ROW LEVEL SECURITY;
CREATE POLICY "denial_grounds_tenant" ON "denial_grounds" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "documents" FORCE ROW LEVEL SECURITY;
CREATE POLICY "documents_tenant" ON "documents" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "enforcement_actions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "enforcement_actions" FORCE ROW LEVEL SECURITY;
CREATE POLICY "enforcement_actions_tenant" ON "enforcement_actions" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "enforcement_documents" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "enforcement_documents" FORCE ROW LEVEL SECURITY;
CREATE POLICY "enforcement_documents_tenant" ON "enforcement_documents" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "enforcement_violations" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "enforcement_violations" FORCE ROW LEVEL SECURITY;
CREATE POLICY "enforcement_violations_tenant" ON "enforcement_violations" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "escrow_entries" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "escrow_entries" FORCE ROW LEVEL SECURITY;
CREATE POLICY "escrow_entries_tenant" ON "escrow_entries" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "fee_schedules" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "fee_schedules" FORCE ROW LEVEL SECURITY;
CREATE POLICY "fee_schedules_tenant" ON "fee_schedules" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "fine_payments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "fine_payments" FORCE ROW LEVEL SECURITY;
CREATE POLICY "fine_payments_tenant" ON "fine_payments" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "inspection_inactive_areas" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "inspection_inactive_areas" FORCE ROW LEVEL SECURITY;
CREATE POLICY "inspection_inactive_areas_tenant" ON "inspection_inactive_areas" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "inspection_notices" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "inspection_notices" FORCE ROW LEVEL SECURITY;
CREATE POLICY "inspection_notices_tenant" ON "inspection_notices" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "inspection_practices" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "inspection_practices" FORCE ROW LEVEL SECURITY;
CREATE POLICY "inspection_practices_tenant" ON "inspection_practices" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "inspections" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "inspections" FORCE ROW LEVEL SECURITY;
CREATE POLICY "inspections_tenant" ON "inspections" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "invoice_lines" FORCE ROW LEVEL SECURITY;
CREATE POLICY "invoice_lines_tenant" ON "invoice_lines" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "invoices" FORCE ROW LEVEL SECURITY;
CREATE POLICY "invoices_tenant" ON "invoices" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "monthly_summaries" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "monthly_summaries" FORCE ROW LEVEL SECURITY;
CREATE POLICY "monthly_summaries_tenant" ON "monthly_summaries" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "monthly_summary_documents" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "monthly_summary_documents" FORCE ROW LEVEL SECURITY;
CREATE POLICY "monthly_summary_documents_tenant" ON "monthly_summary_documents" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "open311_keys" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "open311_keys" FORCE ROW LEVEL SECURITY;
CREATE POLICY "open311_keys_tenant" ON "open311_keys" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "operator_request_charges" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "operator_request_charges" FORCE ROW LEVEL SECURITY;
CREATE POLICY "operator_request_charges_tenant" ON "operator_request_charges" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "operator_request_events" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "operator_request_events" FORCE ROW LEVEL SECURITY;
CREATE POLICY "operator_request_events_tenant" ON "operator_request_events" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "operator_request_files" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "operator_request_files" FORCE ROW LEVEL SECURITY;
CREATE POLICY "operator_request_files_tenant" ON "operator_request_files" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "operator_requests" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "operator_requests" FORCE ROW LEVEL SECURITY;
CREATE POLICY "operator_requests_tenant" ON "operator_requests" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "outbox" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "outbox" FORCE ROW LEVEL SECURITY;
CREATE POLICY "outbox_tenant" ON "outbox" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "parties" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "parties" FORCE ROW LEVEL SECURITY;
CREATE POLICY "parties_tenant" ON "parties" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "payments" FORCE ROW LEVEL SECURITY;
CREATE POLICY "payments_tenant" ON "payments" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "performance_guarantees" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "performance_guarantees" FORCE ROW LEVEL SECURITY;
CREATE POLICY "performance_guarantees_tenant" ON "performance_guarantees" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "practice_agreement_files" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "practice_agreement_files" FORCE ROW LEVEL SECURITY;
CREATE POLICY "practice_agreement_files_tenant" ON "practice_agreement_files" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "practice_inspections" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "practice_inspections" FORCE ROW LEVEL SECURITY;
CREATE POLICY "practice_inspections_tenant" ON "practice_inspections" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "practice_maintenance_items" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "practice_maintenance_items" FORCE ROW LEVEL SECURITY;
CREATE POLICY "practice_maintenance_items_tenant" ON "practice_maintenance_items" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "practice_maintenance_reports" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "practice_maintenance_reports" FORCE ROW LEVEL SECURITY;
CREATE POLICY "practice_maintenance_reports_tenant" ON "practice_maintenance_reports" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "practice_random_draws" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "practice_random_draws" FORCE ROW LEVEL SECURITY;
CREATE POLICY "practice_random_draws_tenant" ON "practice_random_draws" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "project_members" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "project_members" FORCE ROW LEVEL SECURITY;
CREATE POLICY "project_members_tenant" ON "project_members" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "projects" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "projects" FORCE ROW LEVEL SECURITY;
CREATE POLICY "projects_tenant" ON "projects" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "public_data_version" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "public_data_version" FORCE ROW LEVEL SECURITY;
CREATE POLICY "public_data_version_tenant" ON "public_data_version" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "rate_limits" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "rate_limits" FORCE ROW LEVEL SECURITY;
CREATE POLICY "rate_limits_tenant" ON "rate_limits" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "receiving_waters" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "receiving_waters" FORCE ROW LEVEL SECURITY;
CREATE POLICY "receiving_waters_tenant" ON "receiving_waters" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "records_requests" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "records_requests" FORCE ROW LEVEL SECURITY;
CREATE POLICY "records_requests_tenant" ON "records_requests" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "reply_templates" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "reply_templates" FORCE ROW LEVEL SECURITY;
CREATE POLICY "reply_templates_tenant" ON "reply_templates" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "request_appeals" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "request_appeals" FORCE ROW LEVEL SECURITY;
CREATE POLICY "request_appeals_tenant" ON "request_appeals" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "request_events" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "request_events" FORCE ROW LEVEL SECURITY;
CREATE POLICY "request_events_tenant" ON "request_events" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "request_items" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "request_items" FORCE ROW LEVEL SECURITY;
CREATE POLICY "request_items_tenant" ON "request_items" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "request_messages" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "request_messages" FORCE ROW LEVEL SECURITY;
CREATE POLICY "request_messages_tenant" ON "request_messages" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "scheduled_inspections" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "scheduled_inspections" FORCE ROW LEVEL SECURITY;
CREATE POLICY "scheduled_inspections_tenant" ON "scheduled_inspections" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "sessions" FORCE ROW LEVEL SECURITY;
CREATE POLICY "sessions_tenant" ON "sessions" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "settings" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "settings" FORCE ROW LEVEL SECURITY;
CREATE POLICY "settings_tenant" ON "settings" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "site_report_blocks" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "site_report_blocks" FORCE ROW LEVEL SECURITY;
CREATE POLICY "site_report_blocks_tenant" ON "site_report_blocks" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "site_report_categories" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "site_report_categories" FORCE ROW LEVEL SECURITY;
CREATE POLICY "site_report_categories_tenant" ON "site_report_categories" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "site_report_events" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "site_report_events" FORCE ROW LEVEL SECURITY;
CREATE POLICY "site_report_events_tenant" ON "site_report_events" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "site_report_followers" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "site_report_followers" FORCE ROW LEVEL SECURITY;
CREATE POLICY "site_report_followers_tenant" ON "site_report_followers" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "site_report_photos" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "site_report_photos" FORCE ROW LEVEL SECURITY;
CREATE POLICY "site_report_photos_tenant" ON "site_report_photos" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "site_reports" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "site_reports" FORCE ROW LEVEL SECURITY;
CREATE POLICY "site_reports_tenant" ON "site_reports" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "storm_events" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "storm_events" FORCE ROW LEVEL SECURITY;
CREATE POLICY "storm_events_tenant" ON "storm_events" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "stormwater_practices" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "stormwater_practices" FORCE ROW LEVEL SECURITY;
CREATE POLICY "stormwater_practices_tenant" ON "stormwater_practices" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "swppp_reviews" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "swppp_reviews" FORCE ROW LEVEL SECURITY;
CREATE POLICY "swppp_reviews_tenant" ON "swppp_reviews" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "town_inspections" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "town_inspections" FORCE ROW LEVEL SECURITY;
CREATE POLICY "town_inspections_tenant" ON "town_inspections" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "user_roles" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "user_roles" FORCE ROW LEVEL SECURITY;
CREATE POLICY "user_roles_tenant" ON "user_roles" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
CREATE POLICY "users_tenant" ON "users" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "violations" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "violations" FORCE ROW LEVEL SECURITY;
CREATE POLICY "violations_tenant" ON "violations" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
