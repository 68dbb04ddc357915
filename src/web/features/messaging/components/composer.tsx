import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { checkMessage, MessageTextField } from './message-text-field.tsx';

type ComposerProps = {
  /** Called with the trimmed, valid text; the composer clears itself. */
  onSend: (content: string) => void;
  disabled?: boolean;
};

/** The message box under a thread. Refuses empty and over-long text with the spec's messages. */
export function Composer({ onSend, disabled = false }: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // The check may still be loading on a first send: a second Enter meanwhile sends nothing.
  const checking = useRef(false);

  const submit = async () => {
    if (disabled || checking.current) return;
    checking.current = true;
    const checked = await checkMessage(text).finally(() => {
      checking.current = false;
    });
    if (!checked.ok) {
      setError(checked.error);
      textareaRef.current?.focus();
      return;
    }
    onSend(checked.content);
    setText('');
    setError(null);
    textareaRef.current?.focus();
  };

  return (
    <form
      aria-label="Send a message"
      className="flex items-start gap-2 border-t border-stone-200 bg-white p-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <MessageTextField
        label="Message"
        value={text}
        onChange={(value) => {
          setText(value);
          if (error) setError(null);
        }}
        onEnter={() => void submit()}
        error={error}
        placeholder="Write a message…"
        textareaRef={textareaRef}
        rows={2}
      />
      <Button type="submit" disabled={disabled} className="mt-0 self-start">
        Send
      </Button>
    </form>
  );
}
