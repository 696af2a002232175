import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  /** A control beside the input (a "Get code" button, a captcha picture). */
  addon?: ReactNode;
}

/** A labelled input that wires aria-invalid and aria-describedby to its error. */
export function Field({ label, error, addon, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = (
    <input
      id={id}
      className="h-input"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
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
    </div>
  );
}
