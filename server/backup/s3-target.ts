/**
 * Where verified backups are copied off the machine: `BACKUP_S3_URL=s3://bucket/prefix`. The rest
 * is the AWS SDK's own configuration, so any S3-compatible store works as its documentation says:
 * `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` (or any source the SDK reads), `AWS_REGION`
 * (default `us-east-1`), and for a store other than Amazon's `AWS_ENDPOINT_URL_S3` (or
 * `AWS_ENDPOINT_URL`), with which addresses are path-style (`endpoint/bucket/key`), as MinIO,
 * Backblaze B2, Cloudflare R2 and the like all accept.
 */
export interface S3Target {
  bucket: string;
  /** Put before each file's name: empty, or ending with "/". */
  prefix: string;
  region: string;
  endpoint?: string;
}

/** Reads `s3://bucket/some/prefix` (null for anything else): the bucket and the key prefix. */
export function parseS3Url(value: string): { bucket: string; prefix: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 's3:' || !parsed.hostname || parsed.search || parsed.hash || parsed.username) return null;
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+/, '').replace(/\/*$/, '');
  return { bucket: parsed.hostname, prefix: prefix ? `${prefix}/` : '' };
}

