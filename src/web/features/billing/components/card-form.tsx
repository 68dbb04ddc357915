import { type FormEvent, useState } from 'react';
import { TEST_CARDS } from '../../../../shared/billing-plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import type { CardInput } from '../api/update-payment-method.ts';
import { cardDigits, luhnValid } from '../format.ts';

type Errors = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

/** "12/29", "12 / 2029" -> month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Checks the card before it goes to the server; the messages say what to fix. */
export function validateCard(
  values: { number: string; expiry: string; cvc: string },
  now: Date,
): { card: CardInput | null; errors: Errors } {
  const errors: Errors = {};
  const number = cardDigits(values.number);
  if (!luhnValid(number)) errors.number = 'Enter a valid card number.';
  const expiry = parseExpiry(values.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry as MM/YY.';
  else {
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    if (expiry.year * 12 + expiry.month - 1 < thisMonth) errors.expiry = 'This card has expired.';
  }
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digits on the back.';
  if (Object.keys(errors).length > 0 || !expiry) return { card: null, errors };
  return {
    card: { number, expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc.trim() },
    errors,
  };
}

const TEST_CARD_ROWS = [
  [TEST_CARDS.succeeds, 'Succeeds'],
  [TEST_CARDS.declined, 'Declined'],
  [TEST_CARDS.insufficientFunds, 'Insufficient funds'],
] as const;

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * A card form (number, expiry, CVC). In test mode it lists the documented test numbers, each one
 * click away from the number field.
 */
export function CardForm({
  testMode,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  testMode: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (card: CardInput) => void;
}) {
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCard(values, new Date());
    setErrors(checked.errors);
    if (checked.card) onSubmit(checked.card);
    else {
      const first = (['number', 'expiry', 'cvc'] as const).find((key) => checked.errors[key]);
      if (first) document.getElementById(`card-${first}`)?.focus();
    }
  };

  return (
    <Form label="Card details" error={error} onSubmit={submit}>
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={values.number}
        onChange={set('number')}
        error={errors.number}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="card-expiry"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={values.expiry}
          onChange={set('expiry')}
          error={errors.expiry}
        />
        <TextField
          id="card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={values.cvc}
          onChange={set('cvc')}
          error={errors.cvc}
        />
      </div>
      {testMode ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">Test card numbers</p>
          <p className="mt-1">Any future expiry and any CVC work.</p>
          <ul className="mt-2 flex flex-col gap-1.5">
            {TEST_CARD_ROWS.map(([number, outcome]) => (
              <li key={number} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <code className="font-mono">{grouped(number)}</code>
                <span>{outcome}</span>
                <button
                  type="button"
                  className="rounded font-semibold text-brand-800 underline underline-offset-2"
                  onClick={() => {
                    setValues((v) => ({ ...v, number: grouped(number) }));
                    document.getElementById('card-number')?.focus();
                  }}
                >
                  Use<span className="sr-only"> {grouped(number)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button type="submit" pending={pending} className="self-start">
        {submitLabel}
      </Button>
    </Form>
  );
}
