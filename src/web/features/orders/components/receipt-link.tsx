import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/api/orders';
import { buttonClasses } from '../../../components/ui/button';
import { receiptPath } from '../lib/receipt-path';

/** A completed order's printable receipt, on a page of its own. */
export function ReceiptLink({ order }: { order: Order }) {
  if (order.state !== 'completed') return null;
  return (
    <Link to={receiptPath(order.id)} className={buttonClasses({ variant: 'outline' })}>
      <ReceiptText aria-hidden />
      Receipt
    </Link>
  );
}
