import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  /** A short help text under the input (a form item's subtitle). */
  hint?: string | undefined;
  /** A control beside the input (a "Get code" button, a captcha picture). */
  addon?: ReactNode;
}

/** A labelled input that wires aria-invalid and aria-describedby to its error and hint. */
export function Field({ label, error, hint, addon, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The error first: it is what needs reading now.
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  const control = (
    <input
      id={id}
      className="h-input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...input}
    />
  );
  return (
    <div className="h-field">
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="h-field-row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {error && (
        <p id={errorId} className="h-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="h-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
