/** Entry, stop-loss and target levels in one row: the levels part of Add Signal and Edit Levels. */
import type { Control, FieldPath } from 'react-hook-form';
import { PRICE_STEP } from '@shared/constants';
import { InputField } from '@client/components/form-fields/input-field';

interface LevelValues {
  entry_level: string;
  stop_loss_level: string;
  target_level: string;
}

const LEVELS = [
  ['entry_level', 'Entry Level'],
  ['stop_loss_level', 'Stop-loss Level'],
  ['target_level', 'Target Level'],
] as const;

export function LevelFields<T extends LevelValues, U>({ control }: { control: Control<T, unknown, U> }) {
  return (
    <div className="admin-form-row">
      {LEVELS.map(([name, label]) => (
        // The names are keys of LevelValues, which T extends.
        <InputField
          key={name}
          control={control}
          name={name as FieldPath<T>}
          label={label}
          type="number"
          step={String(PRICE_STEP)}
        />
      ))}
    </div>
  );
}
