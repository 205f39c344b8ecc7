-- Custom SQL migration file, put your code below! --
-- The officer's comments on a plan are read only by the transaction's tenant, as 0001 has every other table (decision 0080, section 5).
ALTER TABLE "swppp_review_comments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "swppp_review_comments" FORCE ROW LEVEL SECURITY;
CREATE POLICY "swppp_review_comments_tenant" ON "swppp_review_comments" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
