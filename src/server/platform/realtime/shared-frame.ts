import type { ServerFrame } from '../../../shared/api/realtime';

/** RFC 6455: a final text frame (FIN and opcode 1); the server never masks. */
const FINAL_TEXT = 0x81;

/**
 * A server frame serialized once for every socket that gets it: its JSON, and the whole
 * WebSocket frame (header and payload in one buffer) that each socket writes as it is, so an
 * event sent to 50 sockets costs one `JSON.stringify` and one frame, then 50 writes of the same
 * bytes.
 */
export class SharedFrame {
  readonly text: Buffer;
  private framed: Buffer | undefined;

  constructor(frame: ServerFrame) {
    this.text = Buffer.from(JSON.stringify(frame));
  }

  /** The frame as it goes on the wire, built on first use. */
  get wire(): Buffer {
    this.framed ??= frameText(this.text);
    return this.framed;
  }
}

/** A WebSocket text frame carrying `payload` in one message (the sizes of RFC 6455, 5.2). */
export function frameText(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FINAL_TEXT;
  if (length < 126) {
    frame[1] = length;
  } else if (length <= 0xffff) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
