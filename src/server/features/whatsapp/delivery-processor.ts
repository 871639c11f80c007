import type { FastifyBaseLogger } from 'fastify';
import type { LivenessKey } from '../../db/liveness-key';
import {
  finishAndClaim,
  processClaimed,
  type ClaimedDelivery,
  type DeliveryContext,
} from './process-deliveries';

/** How many deliveries one instance processes at once (different customers' only). */
export const DELIVERY_CONCURRENCY = 8;

/**
 * Processes the stored deliveries, up to DELIVERY_CONCURRENCY at once, on every instance: each
 * finished one frees a slot, and one statement records it and claims the next due ones
 * (`finishAndClaim`: each customer's in order, every delivery by one instance). Runs on a kick
 * (a delivery stored here) and every `everyMs` (retries that came due, deliveries another
 * instance stored); `stop` waits for the deliveries in flight.
 */
export class DeliveryProcessor {
  private running: Promise<void> | undefined;
  /** New work, or a delivery finished, since the loop last looked. */
  private signalled = false;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Deliveries processed here whose outcome the next statement records. */
  private done: string[] = [];
  private processedHere = 0;

  constructor(
    private readonly context: DeliveryContext,
    private readonly key: LivenessKey,
    private readonly everyMs: number,
    private readonly logger: FastifyBaseLogger,
    private readonly concurrency = DELIVERY_CONCURRENCY,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.signal();
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** How many deliveries this instance has processed (each should be once, on one instance). */
  get processed(): number {
    return this.processedHere;
  }

  /** Resolves once nothing is in flight (tests wait for the work a request started). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.signal();
    await this.idle();
  }

  private signal(): void {
    this.signalled = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    const inFlight = new Map<string, Promise<void>>();
    for (;;) {
      this.signalled = false;
      const free = this.stopped ? 0 : this.concurrency - inFlight.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0 || this.done.length > 0) {
        const claimer = await this.key.current();
        // Nothing in flight to wait for: the next kick or poll tries again.
        if (claimer === undefined && inFlight.size === 0) return;
        // Taken together, with no await between: a delivery is in flight or done, never neither.
        const finishing = this.done;
        const running = [...inFlight.keys()];
        this.done = [];
        try {
          if (claimer === undefined) throw new Error('No liveness key');
          claimed = await finishAndClaim({
            db: this.context.db,
            claimer,
            done: finishing,
            inFlight: running,
            limit: free,
          });
        } catch (error) {
          this.logger.warn({ err: error }, 'WhatsApp delivery claim failed');
          this.done.push(...finishing);
          if (inFlight.size === 0) return;
        }
      }
      for (const delivery of claimed) {
        const work = processClaimed(this.context, delivery).then(
          (processed) => {
            if (!processed) return;
            this.processedHere += 1;
            this.done.push(delivery.id);
          },
          (error: unknown) => this.logger.warn({ err: error }, 'WhatsApp delivery failed'),
        );
        inFlight.set(
          delivery.id,
          work.finally(() => {
            inFlight.delete(delivery.id);
            this.signal();
          }),
        );
      }
      if (inFlight.size === 0) {
        // Outcomes to record, a full batch that may leave more, or a kick that brought some.
        if (this.done.length > 0 || claimed.length > 0 || (this.signalled && !this.stopped))
          continue;
        return;
      }
      // Until one finishes (a slot frees, maybe a customer's next delivery) or new work comes.
      if (!this.signalled) await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
