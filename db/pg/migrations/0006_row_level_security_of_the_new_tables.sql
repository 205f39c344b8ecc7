-- Custom SQL migration file, put your code below! --
-- The tables added after 0001: each answers only the transaction's tenant, as 0001 has every other (decision 0080, section 5).
ALTER TABLE "pdf_text_pages" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "pdf_text_pages" FORCE ROW LEVEL SECURITY;
CREATE POLICY "pdf_text_pages_tenant" ON "pdf_text_pages" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "pdf_texts" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "pdf_texts" FORCE ROW LEVEL SECURITY;
CREATE POLICY "pdf_texts_tenant" ON "pdf_texts" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "reminder_digests" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "reminder_digests" FORCE ROW LEVEL SECURITY;
CREATE POLICY "reminder_digests_tenant" ON "reminder_digests" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "reminder_items" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "reminder_items" FORCE ROW LEVEL SECURITY;
CREATE POLICY "reminder_items_tenant" ON "reminder_items" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "reminder_preferences" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "reminder_preferences" FORCE ROW LEVEL SECURITY;
CREATE POLICY "reminder_preferences_tenant" ON "reminder_preferences" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
