import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/**
 * The English LSTM model shipped in @tesseract.js-data/eng (best_int: the smaller, faster one).
 * A folder path, never a URL: tesseract.js reads it from disk and nothing is downloaded.
 */
function languageFolder(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@tesseract.js-data/eng');
  return new URL('./4.0.0_best_int', `file://${main}`).pathname;
}

/**
 * Larger images are shrunk first: text on a phone screenshot stays well above OCR's needs, and a
 * long scrolling screenshot (up to 40 megapixels are accepted) costs no more than a few screens.
 */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 6000;

/**
 * Reads the text of images with tesseract.js, in its own worker thread (one: the machine has two
 * cores and the request path needs the other). The worker starts on the first image and is kept
 * until `stop`; a failed worker is replaced at the next image.
 */
export class ReceiptOcr {
  private worker: Promise<Worker> | null = null;

  private start(): Promise<Worker> {
    this.worker ??= createWorker('eng', OEM.LSTM_ONLY, {
      langPath: languageFolder(),
      gzip: true,
      // Nothing is written beside the app (tesseract.js caches the unpacked model by default).
      cacheMethod: 'none',
    })
      .then(async (worker) => {
        // Screenshots carry no resolution: without one, tesseract guesses it from the size and
        // prints a warning for every small image. A phone screen's text is about 70 dpi.
        await worker.setParameters({ user_defined_dpi: '70' });
        return worker;
      })
      .catch((error: unknown) => {
        this.worker = null;
        throw error;
      });
    return this.worker;
  }

  /** The image's text, line by line. */
  async read(image: Buffer): Promise<string> {
    const prepared = await sharp(image)
      .rotate()
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(MAX_WIDTH, MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    const worker = await this.start();
    try {
      const { data } = await worker.recognize(prepared);
      return data.text;
    } catch (error) {
      // A worker that failed mid-image may be broken: the next image gets a new one.
      this.worker = null;
      await worker.terminate().catch(() => undefined);
      throw error;
    }
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }
}
