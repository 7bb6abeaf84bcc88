import { useTranslation } from 'react-i18next';
import { PasswordInput } from './password-input';

type NewPasswordFieldsProps = {
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  labels: { password: string; repeat: string };
  errors?: { password?: string | undefined; repeat?: string | undefined };
  /** A hint under the first field, such as the length rule. */
  description?: string;
  /** Focus the first field when a modal opens. */
  autoFocus?: boolean;
  /** Field names, for forms a password manager should recognise. */
  names?: { password: string; repeat: string };
};

/** A new password and its repetition: the pair every password form of the app asks for. */
export function NewPasswordFields({
  password,
  repeat,
  onPasswordChange,
  onRepeatChange,
  labels,
  errors = {},
  description,
  autoFocus = false,
  names,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const toggle = { 'aria-label': t('admin.showPassword') };
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={description}
        name={names?.password}
        value={password}
        autoComplete="new-password"
        required
        error={errors.password}
        data-autofocus={autoFocus || undefined}
        visibilityToggleButtonProps={toggle}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
      />
      <PasswordInput
        label={labels.repeat}
        name={names?.repeat}
        value={repeat}
        autoComplete="new-password"
        required
        error={errors.repeat}
        visibilityToggleButtonProps={toggle}
        onChange={(event) => onRepeatChange(event.currentTarget.value)}
      />
    </>
  );
}
