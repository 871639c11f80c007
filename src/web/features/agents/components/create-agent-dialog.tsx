import { ChevronDown, UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { AgentType } from '../../../../shared/domain';
import { displayName } from '../../../../shared/names';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input, inputClasses, Label } from '../../../components/ui/input';
import { errorLines } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import { AGENT_SPECIALIZATIONS } from '../agent-types';
import { useCreateAgent } from '../api/create-agent';
import { PasswordField } from './password-field';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';
export const CREATE_FAILED_MESSAGE = 'Failed to create agent account.';

interface Draft {
  firstName: string;
  lastName: string;
  email: string;
  agentType: AgentType;
  password: string;
}

const EMPTY: Draft = { firstName: '', lastName: '', email: '', agentType: 'general', password: '' };

/** The form's labels, for the server's field keys in its messages. */
const FIELD_LABELS: Record<keyof Draft, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  agentType: 'Agent Specialization',
  password: 'Password',
};

function TextField({
  id,
  label,
  value,
  onChange,
  invalid,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'email';
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
    </div>
  );
}

/** "Create New Agent": the button and its dialog. */
export function CreateAgentDialog() {
  const id = useId();
  const create = useCreateAgent();
  // A create in flight (set at once, unlike create.isPending).
  const creating = useRef(false);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [showMissing, setShowMissing] = useState(false);

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const missing = (field: 'firstName' | 'lastName' | 'email' | 'password') =>
    showMissing && !draft[field].trim();

  function reset() {
    setDraft(EMPTY);
    setShowMissing(false);
    create.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { firstName, lastName, email, password } = draft;
    if (![firstName, lastName, email, password].every((v) => v.trim())) {
      setShowMissing(true);
      toast({
        title: 'Missing Information',
        description: REQUIRED_FIELDS_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    // The button's disabled state comes a render late: a double click must still create once
    // (the second would be refused, "already exists", after the first succeeded).
    if (creating.current) return;
    creating.current = true;
    create.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: email.trim(),
        password,
        agentType: draft.agentType,
      },
      {
        onSettled: () => {
          creating.current = false;
        },
        onSuccess: (agent) => {
          toast({
            title: 'Agent Created',
            description: `${displayName(agent)} can now sign in at /agent/login.`,
            variant: 'success',
          });
          setOpen(false);
          reset();
        },
        // The toast alone says it (an alert in the dialog too said each problem twice): one
        // line per problem, each field by its label.
        onError: (e) => {
          toast({
            title: 'Creation Failed',
            description: errorLines(e, CREATE_FAILED_MESSAGE, FIELD_LABELS).join('\n'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="lg" className="w-full sm:w-auto">
          <UserPlus aria-hidden />
          Create New Agent
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Create New Agent"
        description="The agent signs in at /agent/login with this email and password."
      >
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-first`}
              label="First Name"
              autoComplete="off"
              value={draft.firstName}
              onChange={set('firstName')}
              invalid={missing('firstName')}
            />
            <TextField
              id={`${id}-last`}
              label="Last Name"
              autoComplete="off"
              value={draft.lastName}
              onChange={set('lastName')}
              invalid={missing('lastName')}
            />
          </div>
          <TextField
            id={`${id}-email`}
            label="Email Address"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={draft.email}
            onChange={set('email')}
            invalid={missing('email')}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-type`}>Agent Specialization</Label>
            <div className="relative">
              <select
                id={`${id}-type`}
                className={`${inputClasses} appearance-none pr-10`}
                value={draft.agentType}
                onChange={(e) => set('agentType')(e.target.value)}
              >
                {AGENT_SPECIALIZATIONS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
              <ChevronDown
                aria-hidden
                className="pointer-events-none absolute top-1/2 right-3.5 size-[18px] -translate-y-1/2 text-ink-muted"
              />
            </div>
          </div>
          <PasswordField
            id={`${id}-password`}
            value={draft.password}
            onChange={set('password')}
            invalid={missing('password')}
          />
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Agent'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
