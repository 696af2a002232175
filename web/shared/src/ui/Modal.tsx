import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../i18n/i18n';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons or links under the content. */
  actions?: ReactNode;
  variant?: 'center' | 'sheet';
  /**
   * False for a choice the borrower must make with the action buttons: no close
   * button, and neither Escape nor the backdrop closes it.
   */
  dismissible?: boolean;
}

/** A dialog over the page; Escape, the backdrop and the close button close it. */
export function Modal({ open, title, onClose, children, actions, variant = 'center', dismissible = true }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dismissible) onClose();
    };
    document.addEventListener('keydown', onKey);
    panel.current?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose, dismissible]);

  if (!open) return null;
  return (
    <div className={`h-backdrop h-backdrop--${variant}`} onClick={dismissible ? onClose : undefined}>
      <div
        ref={panel}
        className={`h-modal h-modal--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="h-modal-head">
          <h2 id={titleId}>{title}</h2>
          {dismissible && (
            <button type="button" className="h-icon-btn" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="h-modal-body">{children}</div>
        {actions && <div className="h-modal-actions">{actions}</div>}
      </div>
    </div>
  );
}
