import { useId, useState } from 'react';
import { isTimeZone } from '../../../../shared/tours.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { timeZones } from '../availability-helpers.ts';
import { formatTime, zoneAbbreviation } from '../format.ts';

type TimeZoneFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/**
 * The landlord's IANA time zone: type to search the browser's list (a native datalist, so it
 * works with every keyboard and screen reader). The draft only takes a zone the runtime knows.
 */
export function TimeZoneField({ value, onChange, error }: TimeZoneFieldProps) {
  const listId = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // The 418 suggestions are made when the field is first focused, not at the page's first render
  // (decision 066): a datalist only shows them to a focused field. The list itself is asked for
  // only then, or to check a typed zone (decision 068).
  const [suggesting, setSuggesting] = useState(false);
  const zones = suggesting ? timeZones() : [];
  const known = (zone: string) => isTimeZone(zone) && timeZones().includes(zone);
  // A new saved value (a reset or a refetch) replaces what is typed.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  // Only text that differs from the value needs the check (both uses below ask for that).
  const typedValid = text === value || known(text);
  const now = new Date();
  const hint = isTimeZone(value)
    ? `Now ${formatTime(now, value)} ${zoneAbbreviation(now, value)} there. Type a city to search.`
    : undefined;
  return (
    <>
      <TextField
        label="Time zone"
        list={listId}
        value={text}
        autoComplete="off"
        spellCheck={false}
        onFocus={() => setSuggesting(true)}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (known(next)) onChange(next);
        }}
        onBlur={() => {
          if (!typedValid) setText(value);
        }}
        hint={hint}
        error={
          text !== value && text !== '' && !typedValid ? 'Pick a time zone from the list.' : error
        }
        className="sm:max-w-sm"
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
