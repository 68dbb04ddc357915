import { type KeyboardEvent, type Ref, useId } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/constants.ts';
import { cn } from '../../../lib/cn.ts';

type Check = typeof import('../message-check.ts').checkMessage;
let loadedCheck: Check | null = null;
let loadingCheck: Promise<Check> | null = null;

/**
 * Loads the message check, which is the shared schema and zod: when a message box is first
 * focused, or at the latest on send. /chat no longer loads zod before it can render (decision 065).
 */
export function loadMessageCheck(): Promise<Check> {
  loadingCheck ??= import('../message-check.ts').then((module) => {
    loadedCheck = module.checkMessage;
    return loadedCheck;
  });
  return loadingCheck;
}

/** The text to send, or the spec's message for why not (empty, or over 2000 after trimming). */
export async function checkMessage(text: string): Promise<ReturnType<Check>> {
  return (loadedCheck ?? (await loadMessageCheck()))(text);
}

type MessageTextFieldProps = {
  label: string;
  /** Show the label on screen (the composer hides it; its placeholder says the same). */
  labelVisible?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Enter (without Shift) calls this; Shift+Enter makes a new line. */
  onEnter: () => void;
  onEscape?: () => void;
  error: string | null;
  placeholder?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  rows?: number;
  className?: string;
};

/**
 * A message textarea with a live character count (after trimming, as the rule counts), the
 * refusal message under it, Enter to send and Shift+Enter for a new line.
 */
export function MessageTextField({
  label,
  labelVisible = false,
  value,
  onChange,
  onEnter,
  onEscape,
  error,
  placeholder,
  textareaRef,
  rows = 2,
  className,
}: MessageTextFieldProps) {
  const id = useId();
  const count = value.trim().length;
  const over = count > MESSAGE_MAX_LENGTH;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onEnter();
    } else if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      onEscape();
    }
  };
  return (
    <div className={cn('flex min-w-0 flex-1 flex-col gap-1', className)}>
      <label
        htmlFor={id}
        className={labelVisible ? 'text-sm font-medium text-stone-800' : 'sr-only'}
      >
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => void loadMessageCheck()}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={cn(
          'block max-h-48 min-h-11 w-full resize-y rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500',
          error || over ? 'border-red-600' : 'border-stone-300',
        )}
      />
      <div className="flex items-start justify-between gap-2 text-xs">
        {error ? (
          <p id={`${id}-error`} role="alert" className="font-medium text-red-700">
            {error}
          </p>
        ) : (
          <p className="text-stone-600">Enter to send · Shift+Enter for a new line</p>
        )}
        <p
          id={`${id}-count`}
          data-testid="char-count"
          className={cn(
            'shrink-0 tabular-nums',
            over ? 'font-semibold text-red-700' : 'text-stone-600',
          )}
        >
          {count}/{MESSAGE_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </div>
  );
}
