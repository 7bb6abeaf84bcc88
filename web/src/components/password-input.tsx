import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, marked aria-invalid while it shows an error as Mantine's other inputs are
 * (this one ties its help and error to the input but leaves aria-invalid off), so a screen reader says
 * the field is invalid before it reads why.
 */
export function PasswordInput(props: PasswordInputProps) {
  return <MantinePasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
