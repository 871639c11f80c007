import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import {
  assertStorageKey,
  StorageUnavailableError,
  type ObjectStorage,
  type StoredObject,
} from './object-storage';

/** A store that does not answer fails the upload in seconds, not at the proxy's timeout. */
const CONNECT_TIMEOUT_MS = 3_000;
/** Until the store's answer starts (a body then streams with no limit but idleness). */
const REQUEST_TIMEOUT_MS = 15_000;
const IDLE_TIMEOUT_MS = 30_000;

function isNotFound(error: unknown): boolean {
  return (
    (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
      ?.httpStatusCode === 404
  );
}

/** Objects in one bucket of any S3-compatible store, shared by every instance. */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where an operation requires one: the SDK's default CRC32 checksums
      // (since 3.729) are refused by several S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: IDLE_TIMEOUT_MS,
      },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
        throw new Error('The store answered without a body or a length');
      }
      return { stream: object.Body, size: object.ContentLength };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async size(key: string): Promise<number | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
  }

  /**
   * The bucket is there and these credentials reach it. A read, not a write: load balancers
   * poll every few seconds, and each write would be a billed request.
   */
  async probe(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
