import { Input, Label } from '../../../components/ui/input';

/** "New password" and "Repeat new password": the first-sign-in step and the reset link. */
export function NewPasswordFields({
  idPrefix,
  next,
  again,
  onNext,
  onAgain,
}: {
  idPrefix: string;
  next: string;
  again: string;
  onNext: (value: string) => void;
  onAgain: (value: string) => void;
}) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={idPrefix}>New password</Label>
        <Input
          id={idPrefix}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => onNext(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-again`}>Repeat new password</Label>
        <Input
          id={`${idPrefix}-again`}
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={(e) => onAgain(e.target.value)}
        />
      </div>
    </>
  );
}
