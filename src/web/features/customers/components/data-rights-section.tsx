import { useState } from 'react';
import { Link } from 'react-router';
import { ERASE_CONFIRMATION_WORD } from '../../../../shared/api/customers';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { DATA_EXPORT_URL, useEraseAccount } from '../api/erase-account';

/** The account page's "Your data": download it all, or erase the account (typed confirmation). */
export function DataRightsSection() {
  const erase = useEraseAccount();
  const [typed, setTyped] = useState('');
  return (
    <section
      aria-labelledby="your-data"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-card ring-1 ring-black/5"
    >
      <h2 id="your-data" className="text-base font-semibold text-ink">
        Your data
      </h2>
      <p className="text-sm text-ink-muted">
        Download everything we hold about you as one ZIP file: your profile, chats, orders, payout
        accounts and images. <Link to="/privacy">How we use your data</Link>
      </p>
      <a className={buttonClasses({ variant: 'outline' })} href={DATA_EXPORT_URL} download>
        Download my data
      </a>
      <form
        className="mt-2 flex flex-col gap-2 border-t border-line pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed === ERASE_CONFIRMATION_WORD) erase.mutate({ confirm: ERASE_CONFIRMATION_WORD });
        }}
      >
        <h3 className="font-semibold text-ink">Erase my account</h3>
        <p className="text-sm text-ink-muted">
          Your name, email, picture, chat messages and images are deleted and you are signed out.
          Orders and payments stay for the time the law requires, under a code instead of your name.
          Signing in again later starts a new, empty account. This cannot be undone.
        </p>
        <label htmlFor="erase-confirm" className="text-sm text-ink">
          Type {ERASE_CONFIRMATION_WORD} to confirm
        </label>
        <input
          id="erase-confirm"
          className="rounded-xl border border-line px-3 py-2"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {erase.isError && (
          <ErrorAlert>{errorText(erase.error, 'Could not erase the account.')}</ErrorAlert>
        )}
        <Button
          type="submit"
          variant="danger"
          disabled={typed !== ERASE_CONFIRMATION_WORD || erase.isPending}
        >
          {erase.isPending ? 'Erasing…' : 'Erase my account'}
        </Button>
      </form>
    </section>
  );
}
