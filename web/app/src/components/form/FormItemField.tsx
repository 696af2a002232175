import { useState, type KeyboardEvent } from 'react';
import { formatDate } from '@hiram/shared/format/format';
import { t } from '@hiram/shared/i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { ChoiceSheet } from './ChoiceSheet';
import { cleanInput, type FormItem, type FormOption } from './form';

interface FormItemFieldProps {
  item: FormItem;
  value: string;
  error: string | undefined;
  /** Options of "city" items (city-init); empty until loaded. */
  cities: readonly FormOption[];
  onChange: (value: string) => void;
}

/** One server-driven item: text, day, or a picker for enum and city. */
export function FormItemField({ item, value, error, cities, onChange }: FormItemFieldProps) {
  const [open, setOpen] = useState(false);
  // A birth date or similar is never in the future (Asia/Manila date).
  const [today] = useState(() => formatDate(Date.now()));
  const common = {
    label: item.title,
    error,
    required: item.required,
    name: item.code,
    placeholder: item.subtitle || undefined,
  };

  if (item.cate === 'day') {
    return <Field {...common} type="date" max={today} value={value} onChange={(e) => onChange(e.target.value)} />;
  }

  if (item.cate === 'text') {
    const number = item.inputType === 'number';
    return (
      <Field
        {...common}
        type={item.inputType === 'email' ? 'email' : 'text'}
        inputMode={number ? 'numeric' : undefined}
        maxLength={item.maxLength > 0 ? item.maxLength : undefined}
        value={value}
        onChange={(e) => onChange(cleanInput(item, e.target.value))}
      />
    );
  }

  // enum and city: a read-only combobox that opens the picker.
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
        placeholder={item.subtitle || t('certify.choose')}
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
