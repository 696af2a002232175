import { useState, type KeyboardEvent } from 'react';
import { formatDate } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import type { UploadPicture } from '../../lib/pictures';
import { ChoiceSheet } from './ChoiceSheet';
import { PhotoField } from './PhotoField';
import { cleanInput, shownInput, shownMaxLength, takesDigits, type FormItemShape, type FormOption } from './formItem';

interface FormItemFieldProps {
  item: FormItemShape;
  value: string;
  error: string | undefined;
  /** Options of "city" items (city-init); empty until loaded. */
  cities?: readonly FormOption[];
  /** Every text input of the form takes digits only (bind bank, spec §5). */
  digitsOnly?: boolean;
  /** How "photo" items are sent (KYC: identity photos). */
  uploadPhoto?: UploadPicture;
  onChange: (value: string) => void;
}

/** One server-driven item: text, day, photo, or a picker for enum and city. */
export function FormItemField({ item, value, error, cities = [], digitsOnly = false, uploadPhoto, onChange }: FormItemFieldProps) {
  const [open, setOpen] = useState(false);
  // A birth date or similar is never in the future (Asia/Manila date).
  const [today] = useState(() => formatDate(Date.now()));
  // The subtitle is help text ("10 to 16 digits…", "As written on your ID"):
  // shown under the input, where a narrow screen does not cut it.
  const common = {
    label: item.title,
    error,
    hint: item.subtitle || undefined,
    required: item.required,
    name: item.code,
  };

  if (item.cate === 'photo' && uploadPhoto) {
    return <PhotoField item={item} value={value} error={error} upload={uploadPhoto} onChange={onChange} />;
  }

  if (item.cate === 'day') {
    return <Field {...common} type="date" max={today} value={value} onChange={(e) => onChange(e.target.value)} />;
  }

  if (item.cate === 'text') {
    const digits = takesDigits(item, digitsOnly);
    return (
      <Field
        {...common}
        type={item.inputType === 'email' ? 'email' : item.inputType === 'phone' ? 'tel' : 'text'}
        inputMode={digits ? 'numeric' : undefined}
        autoComplete={item.inputType === 'bankCard' ? 'off' : undefined}
        maxLength={shownMaxLength(item)}
        value={shownInput(item, value)}
        onChange={(e) => onChange(cleanInput(item, e.target.value, digitsOnly))}
      />
    );
  }

  // enum and city: a read-only combobox that opens the picker; it shows the
  // chosen option's name, while the value kept and sent is its type.
  const options = item.cate === 'city' ? cities : item.note;
  const shown = options.find((o) => o.type === value)?.name ?? '';
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
    }
  };
  return (
    <>
      <Field
        {...common}
        placeholder={t('form.choose')}
        readOnly
        role="combobox"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="h-input app-picker"
        value={shown}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ChoiceSheet
          title={item.title}
          options={options}
          value={value}
          searchable={item.cate === 'city'}
          onCancel={() => setOpen(false)}
          onConfirm={(type) => {
            onChange(type);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
