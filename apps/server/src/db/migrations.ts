/**
 * Versioned schema migrations. Append only: a released migration is never edited, a change is
 * a new version.
 */
export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "users, sessions, activity, runs",
    statements: [
      `CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        notifications_seen_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z'
      )`,
      // Only the SHA-256 of a token is stored: a copy of the database does not sign anyone in.
      `CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT
      )`,
      "CREATE INDEX sessions_user ON sessions(user_id)",
      `CREATE TABLE activity (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        action TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('completed', 'running', 'failed')),
        result TEXT NOT NULL,
        actor TEXT,
        ref TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      "CREATE INDEX activity_updated ON activity(updated_at)",
      `CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        case_id TEXT NOT NULL,
        model TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled', 'interrupted')),
        created_by TEXT,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        options TEXT NOT NULL DEFAULT '{}',
        summary TEXT,
        error TEXT
      )`,
      "CREATE INDEX runs_status ON runs(status)",
    ],
  },
  {
    version: 2,
    name: "activity output path",
    statements: [
      // The file an action wrote (a script's output), relative to the workspace: Recent Activity links to it.
      "ALTER TABLE activity ADD COLUMN output_path TEXT",
      // Recent Activity reads actions and sign-ins separately, each newest first.
      "CREATE INDEX activity_kind_updated ON activity(kind, updated_at)",
    ],
  },
];
