import { Modal, type ModalProps } from './Modal';

/** A dialog that rises from the bottom edge (pickers, channel lists). */
export function BottomSheet(props: Omit<ModalProps, 'variant'>) {
  return <Modal {...props} variant="sheet" />;
}
