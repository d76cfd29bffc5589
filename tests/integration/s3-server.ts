import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";

// A real S3-compatible server (s3rver) over HTTP on 127.0.0.1, on a port the
// system picks, storing its objects in a throw-away directory. It speaks the
// S3 REST API the SDK uses and knows only its own access key (S3RVER), but
// checks neither V4 signatures nor ACLs: what it proves is the storage code's
// requests and answers, not a bucket policy.

export const S3RVER_KEY = "S3RVER";

export type TestS3Server = {
  /** The environment that points the app at this server's bucket. */
  env: NodeJS.ProcessEnv;
  bucket: string;
  endpoint: string;
  /** Every object key in the bucket (with the key prefix, if any), sorted. */
  keys(): Promise<string[]>;
  /** The bytes of one object, read past the app. */
  object(key: string): Promise<Buffer>;
  close(): Promise<void>;
};

export async function startS3Server({ keyPrefix }: { keyPrefix?: string } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "tendly-test-s3-"));
  const bucket = `tendly-test-${randomBytes(4).toString("hex")}`;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: "true",
      S3_KEY_PREFIX: keyPrefix,
    },
    bucket,
    endpoint,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 server for the whole test file; filled in before the first test (and before later beforeAll hooks). */
export function useS3Server(options: { keyPrefix?: string } = {}): TestS3Server {
  const handle = {} as TestS3Server;
  beforeAll(async () => {
    Object.assign(handle, await startS3Server(options));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
