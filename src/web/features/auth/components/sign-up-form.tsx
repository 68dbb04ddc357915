import { useForm } from 'react-hook-form';
import type { MeUser, SignUpInput } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthSwitchLink, EmailField, NewPasswordField } from './auth-fields.tsx';
import { signUpResolver } from './lazy-form-resolvers.ts';

export type SignUpRole = 'renter' | 'landlord';

type SignUpFormProps = {
  /** Set on /register/renter and /register/landlord; otherwise the form asks. */
  userType?: SignUpRole;
  onSignedUp: (user: MeUser | null) => void;
  signInHref?: string;
  /** History state carried to the sign-in link (the remembered destination). */
  linkState?: unknown;
};

const ROLE_CHOICES: Array<{ value: SignUpRole; title: string; text: string }> = [
  { value: 'renter', title: 'Renter', text: "I'm looking for an apartment." },
  { value: 'landlord', title: 'Landlord', text: 'I have apartments to rent out.' },
];

export function SignUpForm({
  userType: role,
  onSignedUp,
  signInHref = '/login',
  linkState,
}: SignUpFormProps) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpInput>({
    resolver: signUpResolver.resolver,
    defaultValues: { name: '', email: '', password: '', userType: role },
  });

  // Awaited, not mutate's callbacks: setting the user swaps the page (and this form) for a redirect.
  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await signUp.mutateAsync(values);
      onSignedUp(user);
    } catch {
      // Shown above the fields (signUp.error).
    }
  });

  return (
    <Form label="Sign up" validation={signUpResolver} onSubmit={onSubmit} error={signUp.error}>
      {role ? (
        <input type="hidden" value={role} {...register('userType')} />
      ) : (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.userType ? 'user-type-error' : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-stone-800">I am a</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {ROLE_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 shadow-sm',
                  'has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700',
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700',
                  errors.userType ? 'border-red-600' : 'border-stone-300',
                )}
              >
                <input
                  type="radio"
                  value={choice.value}
                  className="mt-1 size-4 accent-brand-700 focus-visible:outline-none"
                  {...register('userType')}
                />
                <span>
                  <span className="block font-semibold text-stone-900">{choice.title}</span>
                  <span className="block text-sm text-stone-600">{choice.text}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.userType ? (
            <p id="user-type-error" className="text-sm font-medium text-red-700">
              {errors.userType.message}
            </p>
          ) : null}
        </fieldset>
      )}
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <EmailField error={errors.email?.message} {...register('email')} />
      <NewPasswordField
        label="Password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" pending={signUp.isPending}>
        {signUp.isPending ? 'Creating your account...' : 'Create account'}
      </Button>
      <AuthSwitchLink prompt="Already have an account?" to={signInHref} state={linkState}>
        Sign in
      </AuthSwitchLink>
    </Form>
  );
}
