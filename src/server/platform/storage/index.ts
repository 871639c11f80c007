import { DiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';
import type { StorageSettings } from '../../config';

export { DiskStorage } from './disk-storage';
export { S3Storage } from './s3-storage';
export {
  contentTypeOfKey,
  isStorageKey,
  STORAGE_UNAVAILABLE_ERROR,
  StorageUnavailableError,
  type ObjectStorage,
  type StoredObject,
} from './object-storage';

export function createStorage(settings: StorageSettings): ObjectStorage {
  return settings.kind === 'disk' ? new DiskStorage(settings.dir) : new S3Storage(settings);
}
export { copyUploads, type CopyReport } from './copy-uploads';
