import sharp from 'sharp';

export interface ReceiptText {
  amount: string;
  name: string;
  date: string;
  reference: string;
}

/**
 * A bank app's "transfer successful" screen, 720 × 1280, drawn as SVG and rendered by sharp:
 * every call with other texts is a different screenshot of the same app layout.
 */
export function bankReceiptScreenshot(text: ReceiptText): Promise<Buffer> {
  const line = (x: number, y: number, size: number, fill: string, body: string, extra = '') =>
    `<text x="${x}" y="${y}" font-size="${size}" font-family="sans-serif" fill="${fill}" ${extra}>${body}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280">
    <rect width="720" height="1280" fill="#f4f6fa"/>
    <rect width="720" height="120" fill="#0b5fff"/>
    ${line(40, 80, 44, '#fff', 'MyBank')}
    <rect x="40" y="180" width="640" height="420" rx="24" fill="#fff"/>
    ${line(80, 260, 36, '#333', 'Transfer successful')}
    ${line(80, 380, 72, '#111', text.amount, 'font-weight="bold"')}
    ${line(80, 470, 32, '#555', `To: ${text.name}`)}
    ${line(80, 540, 28, '#777', text.date)}
    <rect x="40" y="660" width="640" height="300" rx="24" fill="#fff"/>
    ${line(80, 740, 30, '#555', 'Reference')}
    ${line(80, 800, 30, '#111', text.reference)}
    <rect x="40" y="1100" width="640" height="110" rx="55" fill="#0b5fff"/>
    ${line(260, 1170, 36, '#fff', 'Share receipt')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const RECEIPT_A: ReceiptText = {
  amount: '₦1,250,000.00',
  name: 'ADEBAYO OLUWASEUN',
  date: '12 Nov 2026, 14:02',
  reference: 'TRF-88213390011',
};

/** Other transfers in the same app: the layout is RECEIPT_A's, the texts are not. */
export const OTHER_RECEIPTS: ReceiptText[] = [
  {
    amount: '₦86,400.00',
    name: 'CHIOMA NWOSU',
    date: '3 Oct 2026, 09:17',
    reference: 'TRF-10290018763',
  },
  {
    amount: '₦540,000.00',
    name: 'IBRAHIM MUSA',
    date: '21 Sep 2026, 18:45',
    reference: 'TRF-55102938470',
  },
  {
    amount: '₦3,100.50',
    name: 'EMEKA OKAFOR JOHNSON',
    date: '1 Aug 2026, 07:03',
    reference: 'TRF-20011188832',
  },
];

/** What a customer does to a screenshot they send again: re-encode, halve, crop 3 %. */
export async function reusedCopies(original: Buffer): Promise<Record<string, Buffer>> {
  const { width, height } = await sharp(original).metadata();
  const cropX = Math.round(width * 0.03);
  const cropY = Math.round(height * 0.03);
  return {
    'JPEG at quality 60': await sharp(original).jpeg({ quality: 60 }).toBuffer(),
    'resized to 50 %': await sharp(original)
      .resize(Math.round(width / 2))
      .png()
      .toBuffer(),
    'status bar cropped (3 % off the top)': await sharp(original)
      .extract({ left: 0, top: cropY, width, height: height - cropY })
      .png()
      .toBuffer(),
    'cropped 3 % off the right and bottom': await sharp(original)
      .extract({ left: 0, top: 0, width: width - cropX, height: height - cropY })
      .png()
      .toBuffer(),
    'cropped 3 %, halved and re-encoded as JPEG': await sharp(original)
      .extract({
        left: Math.round(cropX / 2),
        top: cropY,
        width: width - cropX,
        height: height - cropY,
      })
      .resize(Math.round(width / 2))
      .jpeg({ quality: 70 })
      .toBuffer(),
  };
}
