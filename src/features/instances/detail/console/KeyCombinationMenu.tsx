import { ActionsMenu } from '../../../../shared/ui/ActionsMenu';
import { KEY_COMBINATIONS, type KeyCombination } from './keys';

/**
 * A menu button listing key combinations the browser would keep for itself (Ctrl+Alt+Del,
 * Ctrl+Alt+F1…F12, Alt+Tab, …); choosing one sends it to the virtual machine.
 */
export function KeyCombinationMenu({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (combination: KeyCombination) => void;
}) {
  return (
    <ActionsMenu
      label="Send key combination"
      menuLabel="Key combinations"
      align="start"
      buttonClassName="p-button has-icon"
      disabled={disabled}
      title={disabled ? 'Available once the console is connected' : undefined}
      actions={KEY_COMBINATIONS.map((combination) => ({
        label: combination.label,
        onSelect: () => {
          onSend(combination);
        },
      }))}
    />
  );
}
