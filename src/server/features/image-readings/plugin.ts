import fp from 'fastify-plugin';
import { ImageReader } from './image-reader';
import { ReceiptOcr } from './receipt-ocr';

declare module 'fastify' {
  interface FastifyInstance {
    imageReader: ImageReader;
  }
}

/**
 * Image messages read with OCR (RECEIPT_OCR) in one worker thread, off the request path, from the
 * app's start to its close; readings left pending by a stop are read at the next start.
 */
export const imageReadingsPlugin = fp(
  async (app) => {
    const { config, db, events, bus, storage } = app;
    const reader = new ImageReader({
      db,
      events,
      bus,
      storage,
      ocr: config.receiptOcr ? new ReceiptOcr() : null,
      logger: app.log,
    });
    app.decorate('imageReader', reader);
    app.addHook('onReady', async () => reader.start());
    app.addHook('preClose', async () => reader.stop());
  },
  { name: 'image-readings' },
);
