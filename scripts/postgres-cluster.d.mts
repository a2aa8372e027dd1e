/** Types of postgres-cluster.mjs for the TypeScript that starts a cluster (the browser tests). */
export function postgresBinDir(): string;
export function startPostgresCluster(): Promise<{ url: string; port: number; stop(): void }>;
