import { Link } from 'react-router';

/** /privacy: what we keep, why, and the customer's rights (NDPA 2023), in plain words. */
export default function PrivacyPage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6 text-ink">
      <h1 className="text-2xl font-bold">Your privacy</h1>
      <p>
        We keep what we need to buy your crypto and pay you: your Google name, email and picture,
        your chats with our agents and the images you send, your orders and payments, and the bank
        accounts you save for payouts.
      </p>
      <h2 className="text-lg font-semibold">Download your data</h2>
      <p>
        On <Link to="/account">your account page</Link> you can download everything we hold about
        you as one ZIP file, at any time.
      </p>
      <h2 className="text-lg font-semibold">Erase your account</h2>
      <p>
        On the same page you can ask us to erase your account. Your name, email, picture, chat
        messages and images are deleted at once and you are signed out everywhere. The law (Nigeria
        Data Protection Act 2023 and our record-keeping duties) makes us keep your orders, payments
        and our audit records for six years; we keep them under a code, not your name. If an order
        is still in progress, finish or cancel it first. If you sign in again later with the same
        Google account, you start a new, empty account.
      </p>
    </main>
  );
}
