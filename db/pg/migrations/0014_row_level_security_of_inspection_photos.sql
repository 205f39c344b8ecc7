-- Custom SQL migration file, put your code below! --
-- An operator inspection report's photos answer only the transaction's tenant, as 0001 has every other table (decision 0080, section 5).
ALTER TABLE "inspection_photos" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "inspection_photos" FORCE ROW LEVEL SECURITY;
CREATE POLICY "inspection_photos_tenant" ON "inspection_photos" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
