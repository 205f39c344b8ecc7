-- Custom SQL migration file, put your code below! --
-- A photo's facts answer only the transaction's tenant, as 0001 has every other table (decision 0080, section 5).
ALTER TABLE "photo_facts" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "photo_facts" FORCE ROW LEVEL SECURITY;
CREATE POLICY "photo_facts_tenant" ON "photo_facts" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
