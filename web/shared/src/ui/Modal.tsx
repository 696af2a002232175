import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { hideToast } from './toastStore';

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
  /**
   * The dialog announces an outcome (sent, thank you): a toast still showing
   * from before it (a failed try) is hidden as it opens, so the page does not
   * say two contrary things at once. Other dialogs (pickers, questions) leave
   * the toast: it may say why they are open.
   */
  outcome?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab may reach inside the dialog, in document order. */
function focusables(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * A dialog over the page; Escape, the backdrop and the close button close it.
 * While open it keeps the keyboard inside (Tab and Shift+Tab cycle through
 * its controls); when it closes, focus goes back to what had it before (the
 * button that opened it).
 */
export function Modal({ open, title, onClose, children, actions, variant = 'center', dismissible = true, outcome = false }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Read by the key handler, so a new onClose each render does not re-run the
  // focus effect (which would move focus back to the panel).
  const latest = useRef({ onClose, dismissible });
  useEffect(() => {
    latest.current = { onClose, dismissible };
  });

  useEffect(() => {
    if (open && outcome) hideToast();
  }, [open, outcome]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && latest.current.dismissible) {
        latest.current.onClose();
        return;
      }
      const box = panel.current;
      if (e.key !== 'Tab' || !box) return;
      // Every Tab is moved by hand, so focus never leaves for the page behind.
      e.preventDefault();
      const items = focusables(box);
      if (items.length === 0) {
        box.focus();
        return;
      }
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? (e.shiftKey ? items.length - 1 : 0) : (at + (e.shiftKey ? -1 : 1) + items.length) % items.length;
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    // The dialog is fixed over the page: nothing to scroll to, and focusing
    // without scrolling does not make the browser lay the page out there and
    // then (on a slow phone, a long task as the page first shows).
    panel.current?.focus({ preventScroll: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

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
