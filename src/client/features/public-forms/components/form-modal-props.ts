export interface FormModalProps {
  isOpen: boolean;
  onClose: () => void;
}
