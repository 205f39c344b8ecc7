-- Custom SQL migration file, put your code below! --
-- Decision 0080, section 1: the clerk's search of records requests. SQLite keeps an FTS5 trigram table
-- (records_requests_fts, db/migrations 0010) in step by triggers; PostgreSQL searches the columns
-- themselves with `ilike '%…%'` on each of them (requestSearch's PostgreSQL form, step 6), answered by
-- one trigram GIN index over the four (a multi-column GIN index serves a condition on any of them).
-- pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "records_requests_search_trgm" ON "records_requests" USING gin ("number" gin_trgm_ops, "requester_name" gin_trgm_ops, "requester_email" gin_trgm_ops, "description" gin_trgm_ops);
