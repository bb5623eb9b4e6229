import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Target } from './s3-target';

export interface UploadedBackup {
  /** `s3://bucket/key`. */
  location: string;
  bytes: number;
  ms: number;
}

export type BackupUploader = (file: string, metadata: Record<string, string>) => Promise<UploadedBackup>;

/**
 * An uploader of backup files to `target` under `<prefix><file name>`. One PUT of the file as a
 * stream (a backup is far under S3's 5 GB for one PUT), its length given so nothing is buffered,
 * with the file's MD5 in `Content-MD5`, which the store checks, so a file damaged on the way is
 * refused. Content-MD5 rather than the SDK's newer trailing checksums (aws-chunked bodies), which
 * several S3-compatible stores do not read.
 */
export function createS3Uploader(target: S3Target, client?: S3Client): BackupUploader {
  return async (file, metadata) => {
    // Loaded on first use: a site without BACKUP_S3_URL never loads the SDK.
    const { PutObjectCommand, S3Client: Client } = await import('@aws-sdk/client-s3');
    client ??= new Client(s3ClientConfig(target));
    const started = Date.now();
    const key = target.prefix + path.basename(file);
    const { size } = await fs.promises.stat(file);
    const md5 = createHash('md5');
    for await (const chunk of fs.createReadStream(file)) md5.update(chunk as Buffer);
    await client.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: 'application/gzip',
        ContentMD5: md5.digest('base64'),
        Metadata: metadata,
      }),
    );
    return { location: `s3://${target.bucket}/${key}`, bytes: size, ms: Date.now() - started };
  };
}

/** The SDK client's settings for `target` (credentials come from the SDK's own sources). */
export function s3ClientConfig(target: S3Target) {
  return {
    region: target.region,
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    // Only the checksums an operation requires (Content-MD5 above), not trailing ones by default.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}
