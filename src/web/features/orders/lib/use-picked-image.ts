import { useEffect, useState } from 'react';
import { imageProblem } from '../../messages/api/upload-attachment';
import { newClientMessageId } from '../../messages/lib/client-message-id';

/** An image picked to go with an order step, shown from a local address until it is sent. */
export interface PickedImage {
  file: File;
  previewUrl: string;
  /** One per picked file: a retried send gets the stored message back, not a second one. */
  clientMessageId: string;
}

/**
 * The image a form will send into the chat with its step: picked, checked as the chat checks
 * it (type and size), replaced or removed. Its local preview address is freed when it goes.
 */
export function usePickedImage() {
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.previewUrl);
  }, [picked]);
  const pick = (file: File) => {
    const found = imageProblem(file);
    setProblem(found);
    setPicked(
      found
        ? null
        : { file, previewUrl: URL.createObjectURL(file), clientMessageId: newClientMessageId() },
    );
  };
  const clear = () => {
    setPicked(null);
    setProblem(null);
  };
  return { picked, problem, pick, clear, setProblem };
}

export type PickedImageState = ReturnType<typeof usePickedImage>;
