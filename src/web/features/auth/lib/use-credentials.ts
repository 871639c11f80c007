import { useState, type FormEvent } from 'react';

/**
 * A sign-in form's two required fields: the account (an email, sent trimmed) and its password
 * or secret (sent as typed: spaces may be part of it). Either one blank says `missing` instead
 * of sending.
 */
export function useCredentials({
  account: initialAccount = '',
  missing,
}: {
  account?: string;
  missing: string;
}) {
  const [account, setAccount] = useState(initialAccount);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** The form's submit handler: checks both fields, then hands them to `send`. */
  function onSubmit(send: (account: string, secret: string) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!account.trim() || !secret.trim()) {
        setError(missing);
        return;
      }
      setError(null);
      send(account.trim(), secret);
    };
  }

  return { account, setAccount, secret, setSecret, error, setError, onSubmit };
}
