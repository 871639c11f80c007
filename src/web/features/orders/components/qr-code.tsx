import { create } from 'qrcode';
import { useMemo } from 'react';

/** Quiet zone around the code, in modules, as scanners expect. */
const MARGIN = 2;

/** The dark modules as one SVG path: a 1x1 square per module. */
function modulesPath(text: string): { size: number; d: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
    }
  }
  return { size: modules.size + MARGIN * 2, d };
}

/** A QR code drawn in the page (SVG): made here from the text, nothing fetched. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => modulesPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="deposit-qr"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-40 shrink-0 rounded-lg bg-white ring-1 ring-line"
    >
      <path d={d} fill="#0b1f1a" />
    </svg>
  );
}
