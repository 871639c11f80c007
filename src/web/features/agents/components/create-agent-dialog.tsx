import { ChevronDown, UserPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { createAgentRequestSchema } from '../../../../shared/api/agents';
import { displayName } from '../../../../shared/names';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Form, useZodForm } from '../../../components/ui/form';
import { Input, inputClasses, Label } from '../../../components/ui/input';
import { errorLines } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import { AGENT_SPECIALIZATIONS } from '../agent-types';
import { useCreateAgent } from '../api/create-agent';
import { PasswordField } from './password-field';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';
export const CREATE_FAILED_MESSAGE = 'Failed to create agent account.';

/** What the dialog asks for: the API's own schema, so its rules and words are the server's. */
const formSchema = createAgentRequestSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  password: true,
  agentType: true,
});

type Draft = z.input<typeof formSchema>;
type Valid = z.output<typeof formSchema>;

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  agentType: 'general',
  password: '',
} satisfies Draft;

const REQUIRED = ['firstName', 'lastName', 'email', 'password'] as const;

/** The form's labels, for the schema's and the server's field keys in their messages. */
const FIELD_LABELS: Record<keyof Valid, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  agentType: 'Agent Specialization',
  password: 'Password',
};

/** "Create New Agent": the button and its dialog. */
export function CreateAgentDialog() {
  const id = useId();
  const create = useCreateAgent();
  // A create in flight (set at once, unlike create.isPending).
  const creating = useRef(false);
  const [open, setOpen] = useState(false);
  const form = useZodForm(formSchema, {
    defaultValues: EMPTY,
    // The toast says what is wrong once, at submit; the fields are marked until fixed.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const invalid = (field: keyof Draft) => (errors[field] ? true : undefined);

  function reset() {
    form.reset(EMPTY);
    create.reset();
  }

  function refuse(found: FieldErrors<Draft>) {
    const values = form.getValues();
    const empty = REQUIRED.filter((field) => !values[field].trim());
    if (empty.length > 0) {
      // Only the empty fields are marked: a filled one is not "missing".
      form.clearErrors();
      for (const field of empty) form.setError(field, { type: 'required' });
      toast({
        title: 'Missing Information',
        description: REQUIRED_FIELDS_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    // The schema's words, one line per problem, each field by its label (as the server's).
    const lines = Object.entries(found).map(
      ([field, error]) => `${FIELD_LABELS[field as keyof Valid]}: ${error?.message ?? ''}`,
    );
    toast({ title: 'Creation Failed', description: lines.join('\n'), variant: 'destructive' });
  }

  function submit(draft: Valid) {
    // The button's disabled state comes a render late: a double click must still create once
    // (the second would be refused, "already exists", after the first succeeded).
    if (creating.current) return;
    creating.current = true;
    create.mutate(
      {
        firstName: draft.firstName,
        lastName: draft.lastName,
        email: draft.email.trim(),
        password: draft.password,
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
        <Form form={form} onSubmit={submit} onInvalid={refuse} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-first`}>First Name</Label>
              <Input
                id={`${id}-first`}
                autoComplete="off"
                aria-invalid={invalid('firstName')}
                {...form.register('firstName')}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-last`}>Last Name</Label>
              <Input
                id={`${id}-last`}
                autoComplete="off"
                aria-invalid={invalid('lastName')}
                {...form.register('lastName')}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Email Address</Label>
            <Input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="off"
              aria-invalid={invalid('email')}
              {...form.register('email')}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-type`}>Agent Specialization</Label>
            <div className="relative">
              <select
                id={`${id}-type`}
                className={`${inputClasses} appearance-none pr-10`}
                {...form.register('agentType')}
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
          <Controller
            control={form.control}
            name="password"
            render={({ field }) => (
              <PasswordField
                id={`${id}-password`}
                value={field.value}
                onChange={field.onChange}
                invalid={invalid('password')}
              />
            )}
          />
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Agent'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
