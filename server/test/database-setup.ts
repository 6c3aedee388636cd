import { inject } from 'vitest';
import { TEST_POSTGRES_ENV } from '../src/testing/test-database.ts';

// Each test file learns its project's database: the throwaway PostgreSQL in `server-pg`,
// SQLite in `server`. Set per file, since a worker may run files of both projects.
const postgresUrl = inject('postgresUrl') as string | undefined;
if (postgresUrl) process.env[TEST_POSTGRES_ENV] = postgresUrl;
else delete process.env[TEST_POSTGRES_ENV];
