import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin (decision 0080, section 2): db/pg/schema.ts is generated from db/schema.ts by
// scripts/pg-schema-twin.ts; its migrations, generated and custom, are db/pg/migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/pg/schema.ts',
  out: './db/pg/migrations',
});
