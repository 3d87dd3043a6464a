// The admin calls' answers (spec section 3), until @omega/contracts publishes them.
export type LogLevel = 'INFO' | 'WARNING' | 'ERROR';

export interface LogEntry {
  id: number;
  level: LogLevel;
  source: string;
  message: string;
  timestamp: string;
  stackTrace?: string | null;
}

export interface LogsPage {
  logs: LogEntry[];
  nextCursor: number | null;
}

export interface ActivityLogEntry {
  id: number;
  userId: number | null;
  action: string;
  timestamp: string;
  details: string;
}

export interface Announcement {
  id: number;
  title: string;
  content: string;
  createdAt: string;
}

export interface DetailedHealth {
  status: string;
  components: {
    server: { status: string; uptime: number };
    database: {
      status: string;
      tables: { users: { count: number }; activityLogs: { count: number } };
    };
    auth: { status: string; provider: string };
    plugins: { loaded: Array<{ name: string; status: string; loadedAt: string }> };
    subscriptions: {
      stats: {
        activeSubscriptions: number;
        totalSubscriptions: number;
        planDistribution: Record<string, number>;
      };
    };
  };
}
