import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { User } from '../../../shared/api/auth';
import { ScreenMessage, ScreenSpinner } from '../../components/screen-states';
import { Button, buttonClasses } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { redirectToSignIn, useUnauthorizedRedirect } from '../../lib/unauthorized';
import { useCurrentUser } from '../auth/api/get-current-user';
import { useOrder } from './api/get-order';
import { OrderReceipt } from './components/order-receipt';

/**
 * On paper only the receipt shows: the app's chrome around it (bars, banners, toasts) is hidden.
 * Inline because it belongs to this page alone.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-receipt], [data-receipt] * { visibility: visible; }
  [data-receipt] { position: absolute; top: 0; left: 0; width: 100%; }
}
@page { margin: 16mm; }`;

function Receipt({ id, viewer }: { id: number; viewer: User }) {
  useUnauthorizedRedirect();
  const { brandName } = useAppConfig();
  const order = useOrder(id);
  const staff = viewer.isAgent || viewer.isAdmin;
  const back = order.data
    ? staff
      ? { to: '/agent/chats', label: 'Chats' }
      : { to: `/chat/${order.data.chatSessionId}`, label: 'Back to chat' }
    : { to: staff ? '/agent/chats' : '/trade', label: 'Back' };
  if (order.isPending) return <ScreenSpinner label="Loading the receipt…" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <ScreenMessage title={missing ? 'Order not found' : 'Something went wrong'} tone="danger">
        <p className="mt-3 text-ink-muted">
          {missing
            ? 'There is no order with this number that you can see.'
            : 'We could not load the receipt. Please try again.'}
        </p>
        {!missing && (
          <Button size="lg" className="mt-6 w-full" onClick={() => void order.refetch()}>
            Try again
          </Button>
        )}
      </ScreenMessage>
    );
  }
  const completed = order.data.state === 'completed';
  return (
    <div className="min-h-dvh bg-canvas print:bg-white">
      <style>{PRINT_CSS}</style>
      <header className="on-dark bg-brand-950 text-white print:hidden">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-3 py-3 sm:px-6 sm:py-4">
          <Link
            to={back.to}
            className={buttonClasses({
              variant: 'ghost',
              className: 'px-2.5 text-white hover:bg-white/10',
            })}
          >
            <ArrowLeft aria-hidden />
            <span className="max-sm:sr-only">{back.label}</span>
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-lg font-bold tracking-tight sm:text-xl">
            Receipt<span className="max-sm:sr-only"> {order.data.reference}</span>
          </h1>
          {completed && (
            <Button variant="gold" onClick={() => window.print()}>
              <Printer aria-hidden />
              Print
            </Button>
          )}
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl px-3 pt-4 pb-12 sm:px-6 sm:pt-8 print:p-0">
        {completed ? (
          <OrderReceipt order={order.data} brandName={brandName} />
        ) : (
          <p
            role="status"
            className="rounded-3xl bg-surface p-8 text-center text-ink-muted shadow-card ring-1 ring-black/5"
          >
            The receipt is ready when order {order.data.reference} is completed.
          </p>
        )}
      </main>
    </div>
  );
}

/**
 * /orders/:id/receipt: a completed order's printable receipt, for its customer (their own
 * orders only) and for agents and admins (any order). The server decides who sees which.
 */
export default function ReceiptScreen() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const user = useCurrentUser();
  const signedOut = user.isSuccess && user.data === null;
  useEffect(() => {
    if (signedOut) redirectToSignIn();
  }, [signedOut]);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
    return (
      <ScreenMessage title="Order not found" tone="danger">
        <p className="mt-3 text-ink-muted">This receipt address is not right.</p>
      </ScreenMessage>
    );
  }
  if (user.isError) {
    return (
      <ScreenMessage title="Something went wrong" tone="danger">
        <p className="mt-3 text-ink-muted">We could not reach the server. Please try again.</p>
        <Button size="lg" className="mt-6 w-full" onClick={() => void user.refetch()}>
          Try again
        </Button>
      </ScreenMessage>
    );
  }
  if (!user.data) return <ScreenSpinner />;
  return <Receipt id={id} viewer={user.data} />;
}
