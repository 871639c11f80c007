export { FINGERPRINT_MAX_DISTANCE, imageFingerprint } from './image-fingerprint';
export { ImageReader, queueImageReading } from './image-reader';
export { ReceiptOcr } from './receipt-ocr';
export { waitForReading, type ImageReading } from './wait-for-reading';
export { imageReadingsPlugin } from './plugin';
