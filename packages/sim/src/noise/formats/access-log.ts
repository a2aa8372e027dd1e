import { clfTime } from "../log-time";

/** The request fields of one access-log line, in the order they are drawn and printed. */
export interface AccessLogRequest {
  client: string;
  ms: number;
  method: string;
  path: string;
  status: number;
  bytes: number;
  agent: string;
}

/** NCSA combined log format, the default of nginx and of Apache's `combined` LogFormat. */
export function combinedLogLine(r: AccessLogRequest): string {
  return `${r.client} - - [${clfTime(r.ms)}] "${r.method} ${r.path} HTTP/1.1" ${r.status} ${r.bytes} "-" "${r.agent}"`;
}
