-- The PostgreSQL roles of decision 0080 (section 5), made once per cluster by a superuser, before the first
-- migration: `psql -v ON_ERROR_STOP=1 -f db/pg/roles.sql`, then `create database portal owner portal_owner`.
-- Passwords (or peer/cert authentication) are the operator's: `alter role portal_app password '…'`.
-- portal_owner owns the tables and runs the migrations (db/pg/migrations); portal_app is the server's
-- connection: not a superuser, no BYPASSRLS, not the owner, so row-level security always holds it;
-- portal_system bypasses RLS for the three cross-tenant statements (the outbox claim, the jobs' tenants,
-- the registry).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'portal_owner') THEN
    CREATE ROLE portal_owner LOGIN NOSUPERUSER NOCREATEROLE NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'portal_app') THEN
    CREATE ROLE portal_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'portal_system') THEN
    CREATE ROLE portal_system LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE BYPASSRLS;
  END IF;
END
$$;
