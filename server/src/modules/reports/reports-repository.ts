import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export interface StoredErrorReport {
  id: string;
  host: string;
  message: string;
  action: string;
  correlationId: string | null;
  path: string | null;
  userAgent: string | null;
  receivedAt: string;
}

export interface StoredCspReport {
  id: string;
  host: string;
  documentPath: string | null;
  directive: string | null;
  blocked: string | null;
  disposition: string | null;
  receivedAt: string;
}

/** Reports kept per host; the oldest go once a host has more (a flood cannot fill the disk). */
const KEEP_PER_HOST = 1000;

export async function insertErrorReport(
  db: Db,
  report: Omit<StoredErrorReport, 'id' | 'receivedAt'>,
): Promise<void> {
  await db
    .insertInto('error_reports')
    .values({
      id: randomUUID(),
      host: report.host,
      message: report.message,
      action: report.action,
      correlation_id: report.correlationId,
      path: report.path,
      user_agent: report.userAgent,
      received_at: new Date().toISOString(),
    })
    .execute();
  await db
    .deleteFrom('error_reports')
    .where('host', '=', report.host)
    .where(
      'id',
      'not in',
      db
        .selectFrom('error_reports')
        .select('id')
        .where('host', '=', report.host)
        .orderBy('received_at', 'desc')
        .limit(KEEP_PER_HOST),
    )
    .execute();
}

export async function insertCspReports(
  db: Db,
  reports: Omit<StoredCspReport, 'id' | 'receivedAt'>[],
): Promise<void> {
  if (reports.length === 0) return;
  const receivedAt = new Date().toISOString();
  await db
    .insertInto('csp_reports')
    .values(
      reports.map((report) => ({
        id: randomUUID(),
        host: report.host,
        document_path: report.documentPath,
        directive: report.directive,
        blocked: report.blocked,
        disposition: report.disposition,
        received_at: receivedAt,
      })),
    )
    .execute();
}

export async function listErrorReports(
  db: Db,
  filter: { host?: string; limit: number },
): Promise<StoredErrorReport[]> {
  let query = db.selectFrom('error_reports').selectAll();
  if (filter.host) query = query.where('host', '=', filter.host);
  const rows = await query.orderBy('received_at', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    host: row.host,
    message: row.message,
    action: row.action,
    correlationId: row.correlation_id,
    path: row.path,
    userAgent: row.user_agent,
    receivedAt: row.received_at,
  }));
}

export async function listCspReports(
  db: Db,
  filter: { host?: string; limit: number },
): Promise<StoredCspReport[]> {
  let query = db.selectFrom('csp_reports').selectAll();
  if (filter.host) query = query.where('host', '=', filter.host);
  const rows = await query.orderBy('received_at', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    host: row.host,
    documentPath: row.document_path,
    directive: row.directive,
    blocked: row.blocked,
    disposition: row.disposition,
    receivedAt: row.received_at,
  }));
}
