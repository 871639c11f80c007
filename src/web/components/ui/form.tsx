import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import {
  FormProvider,
  useForm,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a zod schema (the API's own, or one built on it): the
 * fields hold the schema's input, a valid submit gets its output. The schema may change from
 * one render to the next (a rule that depends on what the server answered): the form checks
 * with the latest.
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'>,
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    // Synchronous parsing: the schemas have no async refinements.
    resolver: zodResolver(schema, undefined, { mode: 'sync' }),
  });
}

/**
 * A <form> for a `useZodForm` form: the browser's own checks off (the schema says what is
 * wrong, in our words), a submit that checks every field first and calls `onSubmit` with the
 * schema's output only when all pass, `onInvalid` otherwise. Its fields may read the form
 * with `useFormContext`.
 */
export function Form<Values extends FieldValues, Output>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: SubmitHandler<Output>;
  onInvalid?: SubmitErrorHandler<Values>;
}) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  );
}
