import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "~/utils/env.server";
import type { FileStore } from "./file-store";

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...).
 * Objects are written without an ACL, so they keep the bucket's private
 * default: nothing here is ever given a public URL, and the app's own routes
 * read and serve every file after checking who asks.
 */
export function createS3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Since 3.729 the SDK adds a CRC32 checksum to every upload and checks
    // those of downloads by default (a streamed body then goes out
    // aws-chunked, the checksum as a trailer), which several S3-compatible
    // servers refuse or do not send; only where the S3 API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A storage server that stops answering must not hold a page forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => (settings.keyPrefix ? `${settings.keyPrefix}/${key}` : key);

  return {
    async save(key, bytes) {
      // A PUT replaces the object at once: readers get the old bytes or the new ones.
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: "application/octet-stream" }),
      );
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}

/**
 * A missing key reads as "not found" (the document lookup then tries its
 * fallback paths); a missing bucket or refused credentials stay errors.
 * AWS answers 403 instead of 404 for a missing key when the credentials may
 * not list the bucket, so they need s3:ListBucket (README, Configuration).
 */
function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.name === "NotFound" && error.$metadata.httpStatusCode === 404;
}
