export interface ErrorReportsTable {
  id: string;
  host: string;
  message: string;
  action: string;
  correlation_id: string | null;
  path: string | null;
  user_agent: string | null;
  received_at: string;
}

export interface CspReportsTable {
  id: string;
  host: string;
  document_path: string | null;
  directive: string | null;
  blocked: string | null;
  disposition: string | null;
  received_at: string;
}

export interface ExperimentAssignmentsTable {
  user_id: string;
  experiment: string;
  variant: string;
  assigned_at: string;
}

export interface AnalyticsEventsTable {
  id: string;
  user_id: string;
  host: string;
  kind: string;
  name: string;
  variant: string | null;
  occurred_at: string;
  received_at: string;
}

/** Error and CSP reports, A/B assignments, analytics events (migration 0016). */
export interface ObservabilityTables {
  error_reports: ErrorReportsTable;
  csp_reports: CspReportsTable;
  experiment_assignments: ExperimentAssignmentsTable;
  analytics_events: AnalyticsEventsTable;
}
