import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n-react";
import { TextField } from "~/ui/text-field";
import { passwordHint, type PasswordPolicy } from "~/features/auth/password-policy";

type Field = FieldMetadata<string | undefined>;

/**
 * A new password, with the policy in words beside it and its limits in its messages, and (given
 * `confirm`) the field that types it again: sign-up, /set-password, /reset-password, /account/security.
 */
export function NewPasswordFields({
  password,
  confirm,
  label,
  policy,
  autoFocus,
}: {
  password: Field;
  confirm?: Field;
  label: string;
  policy: PasswordPolicy;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        field={password}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={passwordHint(t, policy)}
        messageValues={{ min: policy.minLength, max: policy.maxLength }}
        autoFocus={autoFocus}
      />
      {confirm ? (
        <TextField field={confirm} label={t("login.confirmPassword")} type="password" autoComplete="new-password" />
      ) : null}
    </>
  );
}
