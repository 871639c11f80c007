import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` again and again while it finds work, never twice at once: on a kick (new work
 * here or a notification from another instance) and every `everyMs` (retries that come due,
 * work left by an instance that stopped). `stop` waits for the pass in flight.
 */
export class Worker {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<number>,
    private readonly everyMs: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once no pass runs (tests wait for the work a request started). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        // A full pass may leave more: go on until one finds nothing.
        while (!this.stopped && (await this.pass()) > 0);
      } while (this.again && !this.stopped);
    } catch (error) {
      this.logger.warn({ err: error }, `${this.name} failed`);
    }
  }
}
