import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';

type FieldProps = ComponentProps<typeof TextField>;

/** The account's email address. */
export function EmailField(props: Omit<FieldProps, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A password being chosen: the browser may suggest one; the hint gives the rule. */
export function NewPasswordField({
  label = 'New password',
  hint = 'At least 6 characters.',
  ...props
}: Omit<FieldProps, 'label'> & { label?: string }) {
  return <PasswordField label={label} autoComplete="new-password" hint={hint} {...props} />;
}

/** "New to Stoop? Create an account" and its sign-in twin, under the form. */
export function AuthSwitchLink({
  prompt,
  to,
  state,
  children,
}: {
  prompt: string;
  to: string;
  state: unknown;
  children: ReactNode;
}) {
  return (
    <p className="text-center text-sm text-stone-600">
      {prompt}{' '}
      <Link
        to={to}
        state={state}
        className="font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {children}
      </Link>
    </p>
  );
}
