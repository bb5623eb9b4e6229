import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** A TCP port nobody listens on right now, for a server that must be told its port up front. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/** Peak resident memory of a process so far (Linux `VmHWM`), in MB. */
export function peakRssMb(pid: number): number {
  return statusKb(pid, 'VmHWM') / 1024;
}

/** Resident memory of a process now (Linux `VmRSS`), in MB. */
export function rssMb(pid: number): number {
  return statusKb(pid, 'VmRSS') / 1024;
}

function statusKb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
}

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * One request with its path sent exactly as written: `fetch` resolves `.` and `..` segments (and
 * their escapes) before sending, so it cannot try those spellings of an address.
 */
export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const request = http.request({ hostname, port, method, path, headers: { ...headers, ...length } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
